/// What is wrong with a template's Mustache at the position ``TemplateError/syntax(path:line:column:reason:)``
/// names: the parser's finding, which a front end words.
public enum TemplateSyntaxProblem: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A section's closing tag names another section than the one open (`{{#a}}…{{/b}}`).
    case sectionCloseMismatch
    /// A tag is not closed (`{{name` without `}}`).
    case unfinishedTag
    /// A section is opened and never closed.
    case missingSectionEnd
    /// A set-delimiter tag (`{{=<% %>=}}`) is badly formed.
    case invalidDelimiter
    /// A partial's inheritance section (`{{<…}}`, `{{$…}}`) holds what it may not.
    case invalidInheritance
    /// A configuration tag (`{{% … }}`) is malformed or unknown.
    case invalidConfiguration
    /// The parser failed in another way.
    case other
    /// A partial (`{{> name}}`) includes itself, directly or through other partials, or the page includes
    /// itself.
    case partialCycle

    /// The problem in English, for logs and embedders.
    public var description: String {
        switch self {
        case .sectionCloseMismatch: "a closing tag names another section"
        case .unfinishedTag: "a tag is not closed"
        case .missingSectionEnd: "a section is never closed"
        case .invalidDelimiter: "a set-delimiter tag is badly formed"
        case .invalidInheritance: "an inheritance section holds what it may not"
        case .invalidConfiguration: "a configuration tag is malformed or unknown"
        case .other: "the parser failed"
        case .partialCycle: "a partial includes itself"
        }
    }
}
