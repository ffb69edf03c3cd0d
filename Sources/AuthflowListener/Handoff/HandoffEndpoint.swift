/// How `authflow handle-url` hands a URL to a waiting listener, on one connection:
///
/// 1. `GET` ``proofPath`` with a fresh challenge in ``challengeHeader`` and nothing else: the listener answers 204
///    with its ``HandoffProof`` in ``proofHeader``. A sender that does not get the right proof sends nothing more.
/// 2. `POST` of the URL as plain text to ``path``, with the flow's secret in ``secretHeader``. The listener answers
///    204 when the URL ended the wait (also when it reports a ``CallbackFailure``: the waiting flow says what
///    failed, in its own language, and no page shows it), 400 with a reason when it is not this flow's, 409 when
///    the flow already has its callback, and 401 when the secret is wrong. A 400 or 409 carries the reason's
///    ``CallbackRejectionCode`` in ``rejectionHeader`` (so the sender words it in its own language) and the reason
///    in English as its body (for senders older than the header).
public enum HandoffEndpoint {
    /// The path handoffs are posted to; it cannot collide with a callback path, which the flow chooses.
    public static let path = "/.authflow/handoff"
    /// The path a listener proves itself at, before any handoff.
    public static let proofPath = "/.authflow/handoff/proof"
    /// The header carrying the sender's challenge.
    public static let challengeHeader = "X-Authflow-Handoff-Challenge"
    /// The header carrying the listener's answer to the challenge.
    public static let proofHeader = "X-Authflow-Handoff-Proof"
    /// The header carrying the rendezvous secret.
    public static let secretHeader = "X-Authflow-Handoff-Secret"
    /// The header carrying a refusal's ``CallbackRejectionCode/wire`` form.
    public static let rejectionHeader = "X-Authflow-Rejection"
    /// Larger bodies are refused: no callback URL is this long.
    public static let maximumURLBytes = 64 * 1024

    /// Whether `path` is one of the listener's own (under `/.authflow/`), which no callback path may be.
    public static func isReserved(_ path: String) -> Bool {
        path == "/.authflow" || path.hasPrefix("/.authflow/")
    }
}
