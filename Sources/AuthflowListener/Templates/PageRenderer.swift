import AuthflowStorage
import Foundation
import Mustache
import Synchronization

/// Loads Mustache page templates from a ``TemplateDirectory`` and renders them; safe to share across the
/// server's connection threads.
///
/// Each template is parsed once, on first use, and kept: editing a file takes effect on the next start.
/// Call ``preload(_:)`` at start-up to report a missing or broken template before any browser asks for it.
///
/// A page may include partials, `{{> name}}`, where `name` is a file of the same template directory (the
/// built-in pages share their scripts this way: `{{> phone-recaptcha.js}}` in each language's page). A partial
/// is looked up exactly like a page: in each directory of the search path, its editions in the page's languages
/// and then its plain copy, else the built-in one; so a branded directory may override a partial (for the
/// built-in pages too) or leave it out and get the built-in one. Partials are found when the page is loaded: a
/// missing one fails ``preload(_:)`` and the render rather than showing nothing, and a partial that includes
/// itself, directly or through others, is a syntax error (``TemplateSyntaxProblem/partialCycle``).
public final class PageRenderer: Sendable {
    /// Largest template read; a page is a few kilobytes, so anything bigger is a wrong path.
    static let maximumTemplateBytes = 1024 * 1024
    /// Most parsed templates kept (pages times the languages asked for).
    static let maximumCachedTemplates = 64

    /// Where templates are looked up.
    public let directory: TemplateDirectory
    private let cache = Mutex<[String: LoadedPage]>([:])

    /// A parsed page and the partials it includes, by name.
    private struct LoadedPage: Sendable {
        var template: MustacheTemplate
        var partials: MustacheLibrary
    }

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
        let page = try template(named: name, languages: languages ?? directory.languages)
        return page.template.render(context.mapValues(\.mustacheValue), library: page.partials)
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

    private func template(named name: String, languages: [String]? = nil) throws(TemplateError) -> LoadedPage {
        let languages = (languages ?? directory.languages).filter(TemplateDirectory.isLanguageName).prefix(4)
            .map { $0 }
        let cacheKey = (languages + [name]).joined(separator: "/")
        if let cached = cache.withLock({ $0[cacheKey] }) { return cached }
        let (path, text) = try Self.source(of: name, in: directory, languages: languages)
        let template = try Self.parse(text, path: path)
        var partials = MustacheLibrary()
        try Self.loadPartials(
            of: PartialReference.Source(path: path, text: text), including: [name], into: &partials,
            directory: directory, languages: languages)
        let page = LoadedPage(template: template, partials: partials)
        // Languages come from requests (`hl`), so the cache stays bounded.
        cache.withLock { if $0.count < Self.maximumCachedTemplates { $0[cacheKey] = page } }
        return page
    }

    /// Parses and registers every partial `source` includes, and theirs in turn. `including` holds the
    /// templates that lead to `source` (the page first), so a partial that includes itself is reported.
    private static func loadPartials(
        of source: PartialReference.Source, including: [String], into library: inout MustacheLibrary,
        directory: TemplateDirectory, languages: [String]
    ) throws(TemplateError) {
        for reference in PartialReference.all(in: source.text) {
            guard !including.contains(reference.name) else {
                throw .syntax(
                    path: source.path, line: reference.line, column: reference.column, reason: .partialCycle)
            }
            if library.getTemplate(named: reference.name) != nil { continue }
            let (path, text) = try Self.source(of: reference.name, in: directory, languages: languages)
            library.register(try parse(text, path: path), named: reference.name)
            try loadPartials(
                of: PartialReference.Source(path: path, text: text), including: including + [reference.name],
                into: &library, directory: directory, languages: languages)
        }
    }

    private static func parse(_ text: String, path: String) throws(TemplateError) -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            throw .syntax(
                path: path, line: error.context.lineNumber, column: error.context.columnNumber,
                reason: Self.problem(error.error)
            )
        } catch {
            throw .syntax(path: path, line: 1, column: 1, reason: .other)
        }
    }

    /// Where `name` (a page or a partial) comes from and its text: the first directory holding it, else the
    /// copy compiled into the binary when it is one of the default pages or partials.
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
