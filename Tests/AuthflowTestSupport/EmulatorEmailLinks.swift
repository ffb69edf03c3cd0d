import AuthflowBackend
import AuthflowHTTP
import AuthflowPrimitives
import Foundation

/// What a test reads from the backend over HTTP, as a developer would from the Auth Emulator: the action
/// links it "sent" (`GET /emulator/v1/projects/<id>/oobCodes`), and where opening one leads.
public enum EmulatorEmailLinks {
    /// The newest unused link of `requestType` sent to `email`, from the oobCodes endpoint.
    public static func latest(
        _ backend: EmbeddedBackend, email: String, requestType: String = "EMAIL_SIGNIN"
    ) async throws -> String {
        let response = try await client.send(
            HTTPRequest(
                method: .get, url: "\(backend.baseURL)/emulator/v1/projects/\(backend.projectID)/oobCodes"))
        guard response.status == 200,
            let codes = try JSONParser.parse(response.body)["oobCodes"]?.arrayValue
        else { throw SetupFailure(reason: "oobCodes answered HTTP \(response.status)") }
        let matching = codes.filter {
            $0["email"]?.stringValue == email.lowercased() && $0["requestType"]?.stringValue == requestType
        }
        guard let link = matching.last?["oobLink"]?.stringValue else {
            throw SetupFailure(reason: "no \(requestType) link for \(email) among \(codes.count) codes")
        }
        return link
    }

    /// Opens an emulator sign-in link as a browser would and returns where its 303 leads: the continue URL
    /// with the link's parameters appended.
    public static func continueURL(afterOpening link: String) async throws -> String {
        let response = try await client.send(HTTPRequest(method: .get, url: link))
        guard response.status == 303, let location = response.location else {
            throw SetupFailure(reason: "opening the link answered HTTP \(response.status), not a 303 redirect")
        }
        return location
    }

    /// No proxy (these are loopback requests) and no redirect following, so the 303 itself is seen.
    private static var client: HTTPClient {
        var configuration = HTTPClientConfiguration(proxy: .none)
        configuration.redirects = .doNotFollow
        return HTTPClient(configuration: configuration)
    }
}
