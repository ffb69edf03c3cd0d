// The URL unwrapper: pasted text through LinkInput.normalize, ActionLinkUnwrapper and classification
// (OfflineLinkInspector), plus ActionCodeURL on the raw text. Besides not crashing, the results must agree
// with each other.
import AuthflowParsing

/// A custom link domain, so the short-link check sees a configured domain too.
let inspector = OfflineLinkInspector(linkDomains: ["links.example.com"])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURLUnwrap(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)

    if let action = ActionCodeURL(text) {
        check(action.link == text, "ActionCodeURL.link is not its input")
    }
    if let inspection = try? inspector.inspect(bytes: bytes) {
        switch inspection.kind {
        case .emailAction:
            check(inspection.action != nil, "an email action without its ActionCodeURL")
            check(inspection.action?.link == inspection.innermost, "the action is not the innermost link")
        case .authCallback:
            check(inspection.callback != nil, "an auth callback without its AuthCallback")
        case .unknown:
            check(inspection.action == nil && inspection.callback == nil, "an unknown link with a parsed result")
        }
    }
    // The unwrapper on its own, also for text normalize would refuse (no scheme, control characters).
    if let result = try? ActionLinkUnwrapper.unwrap(text) {
        check(result.layers.count <= ActionLinkUnwrapper.maximumDepth + 2, "more layers than the depth limit allows")
        if let action = result.action {
            check(ActionCodeURL(result.innermost) == action, "the innermost link does not parse to the action")
        }
    }
    return 0
}

/// A broken invariant is a finding: stop with the reason, so libFuzzer saves the input.
func check(_ condition: Bool, _ message: String) {
    if !condition { fatalError("invariant: \(message)") }
}
