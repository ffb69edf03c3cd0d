import AuthflowBackend
import AuthflowLocalization

/// What the embedded backend "sent": the SMS codes and emails a real project would deliver to a phone or an
/// inbox. The emulator API lists them (`GET /emulator/v1/projects/{id}/verificationCodes` and `/oobCodes`);
/// the tour reads the same records in process, and only ones that appeared after it started waiting.
struct BackendMailbox: Sendable {
    let backend: EmbeddedBackend

    /// Where a person would look for the same thing.
    var codesURL: String { "\(backend.baseURL)/emulator/v1/projects/\(backend.projectID)/verificationCodes" }
    var linksURL: String { "\(backend.baseURL)/emulator/v1/projects/\(backend.projectID)/oobCodes" }

    /// A mark to wait for newer messages from.
    struct Mark: Sendable {
        fileprivate let codes: Set<String>
        fileprivate let links: Set<String>
    }

    func mark() -> Mark {
        Mark(codes: Set(backend.verificationCodes.map(\.sessionInfo)), links: Set(backend.oobCodes.map(\.oobCode)))
    }

    /// The first SMS code sent to `phoneNumber` after `mark`.
    func smsCode(
        to phoneNumber: String, after mark: Mark, limit: Duration = .seconds(60)
    ) async throws(DemoFailure) -> String {
        let found = await poll(limit) {
            backend.verificationCodes.first { $0.phoneNumber == phoneNumber && !mark.codes.contains($0.sessionInfo) }?
                .code
        }
        guard let found else { throw .backend(localized("No SMS code for \(phoneNumber) appeared at \(codesURL).")) }
        return found
    }

    /// The first email of `requestType` (`EMAIL_SIGNIN`, `VERIFY_EMAIL`, …) sent to `email` after `mark`.
    func link(
        _ requestType: String, to email: String, after mark: Mark, limit: Duration = .seconds(60)
    ) async throws(DemoFailure) -> String {
        let found = await poll(limit) {
            backend.oobCodes.first {
                $0.requestType == requestType && $0.email == email && !mark.links.contains($0.oobCode)
            }?.oobLink
        }
        guard let found else {
            throw .backend(
                localized(
                    "No \(requestType) email to \(email) appeared at \(linksURL)."))
        }
        return found
    }

    private func poll(_ limit: Duration, _ look: () -> String?) async -> String? {
        let deadline = ContinuousClock.now + limit
        repeat {
            if let found = look() { return found }
            try? await Task.sleep(for: .milliseconds(50))
        } while ContinuousClock.now < deadline
        return nil
    }
}
