import AuthflowStorage
import Foundation
import Mustache
import Synchronization

/// Loads Mustache page templates from a ``TemplateDirectory`` and renders them; safe to share across the
/// server's connection threads.
///
/// Each template is parsed once, on first use, and kept: editing a file takes effect on the next start.
/// Call ``preload(_:)`` at start-up to report a missing or broken template before any browser asks for it.
public final class PageRenderer: Sendable {
    /// Largest template read; a page is a few kilobytes, so anything bigger is a wrong path.
    static let maximumTemplateBytes = 1024 * 1024
    /// Most parsed templates kept (pages times the languages asked for).
    static let maximumCachedTemplates = 64

    /// Where templates are looked up.
    public let directory: TemplateDirectory
    private let cache = Mutex<[String: MustacheTemplate]>([:])

    /// A renderer reading from `directory`; nothing is read until the first render or ``preload(_:)``.
    public init(directory: TemplateDirectory) {
        self.directory = directory
    }

    /// Loads and parses `names` now, so start-up fails with a clear error instead of the first request.
    public func preload(_ names: [String]) throws(TemplateError) {
        for name in names { _ = try template(named: name) }
    }

    /// The template `name` rendered with `context`; every `{{value}}` is HTML-escaped. `languages` (subdirectory
    /// names such as `ko`) replaces the directory's ``TemplateDirectory/languages`` for this page.
    public func render(
        _ name: String, _ context: TemplateContext, languages: [String]? = nil
    ) throws(TemplateError) -> String {
        let template = try template(named: name, languages: languages ?? directory.languages)
        return template.render(context.mapValues(\.mustacheValue))
    }

    /// The parser's finding as a structured problem.
    private static func problem(_ error: any Error) -> TemplateSyntaxProblem {
        guard let error = error as? MustacheTemplate.Error else { return .other }
        return switch error {
        case .sectionCloseNameIncorrect: .sectionCloseMismatch
        case .unfinishedName: .unfinishedTag
        case .expectedSectionEnd: .missingSectionEnd
        case .invalidSetDelimiter: .invalidDelimiter
        case .transformAppliedToInheritanceSection, .illegalTokenInsideInheritSection, .textInsideInheritSection:
            .invalidInheritance
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable: .invalidConfiguration
        }
    }

    private func template(named name: String, languages: [String]? = nil) throws(TemplateError) -> MustacheTemplate {
        let languages = (languages ?? directory.languages).filter(TemplateDirectory.isLanguageName).prefix(4)
            .map { $0 }
        let cacheKey = (languages + [name]).joined(separator: "/")
        if let cached = cache.withLock({ $0[cacheKey] }) { return cached }
        let (path, text) = try Self.source(of: name, in: directory, languages: languages)
        let template: MustacheTemplate
        do {
            template = try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            throw .syntax(
                path: path, line: error.context.lineNumber, column: error.context.columnNumber,
                reason: Self.problem(error.error)
            )
        } catch {
            throw .syntax(path: path, line: 1, column: 1, reason: .other)
        }
        // Languages come from requests (`hl`), so the cache stays bounded.
        cache.withLock { if $0.count < Self.maximumCachedTemplates { $0[cacheKey] = template } }
        return template
    }

    /// Where `name` comes from and its text: the first directory holding it, else the copy compiled into
    /// the binary when it is one of the default pages.
    private static func source(
        of name: String, in directory: TemplateDirectory, languages: [String]
    ) throws(TemplateError) -> (String, String) {
        let match: TemplateDirectory.Match
        do {
            match = try directory.locate(name, languages: languages)
        } catch {
            guard case .notFound = error, let builtIn = BuiltInTemplates.text(named: name, languages: languages)
            else { throw error }
            return ("built-in " + name, builtIn)
        }
        return (match.path, try read(match.path))
    }

    private static func read(_ path: String) throws(TemplateError) -> String {
        let bytes: [UInt8]?
        do {
            bytes = try PlainFile.read(path, limit: maximumTemplateBytes)
        } catch {
            switch error {
            case .read(_, let reason), .corrupt(_, let reason): throw .unreadable(path: path, reason: reason)
            default: throw .unreadable(path: path, reason: .unexpected(type: "StorageError"))
            }
        }
        guard let bytes else { throw .unreadable(path: path, reason: .noSuchFile) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadable(path: path, reason: .notUTF8)
        }
        return text
    }
}
