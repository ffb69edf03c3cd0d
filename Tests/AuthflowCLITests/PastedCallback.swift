import AuthflowHTTP
import AuthflowListener
import AuthflowParsing
import AuthflowPrimitives
import AuthflowTestSupport
import Testing

/// The paste-back path of a hosted page, as a person without a registered scheme takes it: the page's answer
/// (the request its form sends) is fetched without following the 303, then three lines are pasted into the
/// waiting command: an unrelated URL, the callback with another attempt's eventId, and the real callback.
enum PastedCallback {
    struct Outcome {
        /// The page's status for the answer (303 when it redirects to the custom scheme).
        let answerStatus: Int
        let termination: ChildProcess.Termination
    }

    /// Answers the page at `url` with `answer` (that URL with its path and query rewritten by the caller) and
    /// pastes the three lines into `started`, then waits for it to end.
    static func paste(
        answering url: String, with answer: String, into started: InteractiveCommand
    ) async throws -> Outcome {
        var client = HTTPClientConfiguration(proxy: .none)
        client.redirects = .doNotFollow
        let reply = try await HTTPClient(configuration: client).send(HTTPRequest(url: answer))
        let location = try #require(reply.location)
        let otherEvent = location.replacingOccurrences(
            of: QueryParameters(url: url).value("eventId") ?? "", with: "OTHERATTEMPT")

        started.send(line: "https://example.com/not-it")
        started.send(line: otherEvent)
        started.send(line: location)
        return Outcome(answerStatus: reply.status, termination: await started.finish())
    }
}
