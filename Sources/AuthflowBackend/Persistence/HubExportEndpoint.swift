import AuthflowListener
import AuthflowPrimitives

/// `POST /_admin/export`: the export endpoint of firebase-tools' emulator hub (`hub.ts`), which
/// `firebase emulators:export` and scripts call on a running emulator. The body names an absolute directory
/// (`{"path": "/abs/dir", "initiatedBy": "…", "targets": ["auth"]}`); the reply is `{"message": "OK"}`, or
/// 500 with the reason as `message`. As in the hub, a request carrying `Origin` (any web page) is refused
/// with 403, so no page can make the emulator write files.
enum HubExportEndpoint {
    static let path = "/_admin/export"

    static func handle(_ request: LoopbackRequest, service: BackendService) -> LoopbackResponse {
        if request.header("Origin") != nil {
            return reply(["message": "Export cannot be triggered by external callers."], status: 403)
        }
        let body: RequestFields
        let directory: String
        do throws(APIError) {
            body = try RequestFields.parse(json: request.body)
            guard let named = try body.nonEmptyString("path"), named.hasPrefix("/") else {
                return reply(["message": "The export path must be an absolute directory."], status: 400)
            }
            directory = named
            if let targets = try body.stringArray("targets"), !targets.contains("auth") {
                return reply(["message": "No running emulators support import/export."], status: 500)
            }
        } catch {
            return JSONReply.error(error)
        }
        // Both come from the request: escaped, so a line feed in them cannot forge a log line.
        let initiatedBy = TerminalText.escaped((try? body.nonEmptyString("initiatedBy")) ?? "unknown")
        service.emit([
            "Received export request (initiated by \(initiatedBy)). Exporting data to \(TerminalText.escaped(directory))."
        ])
        do throws(AuthExportError) {
            let summary = try EmbeddedBackend.export(service: service, to: directory)
            if summary.omittedTOTPFactors > 0 {
                service.emit([
                    "Left out \(summary.omittedTOTPFactors) TOTP second factors: the export format has no field for their secrets."
                ])
            }
        } catch {
            service.emit(["Export failed: \(TerminalText.escaped(error.description))"])
            return reply(["message": .string(error.description)], status: 500)
        }
        service.emit(["Export complete."])
        return reply(["message": "OK"], status: 200)
    }

    private static func reply(_ body: JSONValue, status: Int) -> LoopbackResponse {
        JSONReply.ok(body, status: status)
    }
}
