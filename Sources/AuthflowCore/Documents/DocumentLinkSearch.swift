import AuthflowParsing

/// The outcome of searching a document for the link that matters.
public struct DocumentLinkSearch: Sendable {
    /// The chosen link, or `nil` when no Firebase link was among the document's links.
    public let chosen: LinkInspection?
    /// How many distinct links the document held.
    public let linkCount: Int
    /// How many of them were email action links (more than one is worth telling people about).
    public let actionLinkCount: Int
}
