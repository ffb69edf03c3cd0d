/// A value a page template can show: text, a flag for `{{#section}}`, a list to repeat, or nested fields.
///
/// A closed, `Sendable` stand-in for the `[String: Any]` Mustache renders, so contexts can be built on any
/// thread and passed around safely. `{{name}}` escapes text for HTML; templates must never use triple
/// braces for values that came from a request.
public enum TemplateValue: Sendable, Equatable {
    /// Text, HTML-escaped by `{{…}}`.
    case text(String)
    /// Shows a `{{#name}}` section when true, its `{{^name}}` inverse when false.
    case flag(Bool)
    /// Repeats a `{{#name}}` section once per element; empty shows `{{^name}}`.
    case list([TemplateValue])
    /// Named values, reached as `{{outer.inner}}` or inside `{{#outer}}`.
    case fields([String: TemplateValue])

    /// The plain Swift value swift-mustache walks.
    var mustacheValue: Any {
        switch self {
        case .text(let text): text
        case .flag(let flag): flag
        case .list(let values): values.map(\.mustacheValue)
        case .fields(let fields): fields.mapValues(\.mustacheValue)
        }
    }
}

/// The values one page is rendered with.
public typealias TemplateContext = [String: TemplateValue]

extension TemplateValue: ExpressibleByStringLiteral {
    /// Text from a literal.
    public init(stringLiteral value: String) {
        self = .text(value)
    }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    /// A flag from a literal.
    public init(booleanLiteral value: Bool) {
        self = .flag(value)
    }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    /// A list from a literal.
    public init(arrayLiteral elements: TemplateValue...) {
        self = .list(elements)
    }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// Fields from a literal.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .fields(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
