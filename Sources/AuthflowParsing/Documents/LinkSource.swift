/// Where in a document a link was found.
///
/// Callers rank candidates by it: a link a user would click (an anchor) is a stronger signal than a URL that only
/// appears in running text.
public enum LinkSource: String, Sendable, Hashable, CaseIterable {
    /// The `href` of an `<a>` element.
    case anchor
    /// The `href` of an `<area>` element of an image map; some mail templates make the whole banner clickable.
    case area
    /// The target of `<meta http-equiv="refresh">`, used by landing pages that forward to the action link.
    case metaRefresh
    /// A URL written out in text: a plain-text part, or a text node of an HTML document.
    case text
}
