import Foundation

/// `mimeapps.list`, edited line by line so that everything authflow does not touch (comments, other
/// sections, other types, the order) stays exactly as the user or their desktop wrote it.
///
/// Values are `;`-separated desktop file IDs, most preferred first.
struct MimeAppsList: Equatable {
    static let defaultsSection = "Default Applications"
    static let addedSection = "Added Associations"

    private(set) var lines: [String]

    init(text: String) {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    /// The file's text, ending with a newline.
    var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    /// The desktop file IDs listed for `mimeType` in `section`.
    func entries(for mimeType: String, in section: String = defaultsSection) -> [String] {
        guard let index = keyLine(mimeType, in: section) else { return [] }
        return Self.values(of: lines[index])
    }

    /// Makes `fileID` the default for `mimeType`: first in its `Default Applications` line, which is created
    /// (and the section too) when missing.
    mutating func setDefault(_ fileID: String, for mimeType: String) {
        if let index = keyLine(mimeType, in: Self.defaultsSection) {
            let others = Self.values(of: lines[index]).filter { $0 != fileID }
            lines[index] = Self.line(mimeType, [fileID] + others)
            return
        }
        let line = Self.line(mimeType, [fileID])
        guard let header = sectionHeader(Self.defaultsSection) else {
            if let last = lines.last, !last.trimmingCharacters(in: .whitespaces).isEmpty { lines.append("") }
            lines += ["[\(Self.defaultsSection)]", line]
            return
        }
        lines.insert(line, at: sectionEnd(after: header))
    }

    /// Takes `fileID` out of every section's line for `mimeType`, dropping lines left empty; true when
    /// something changed.
    @discardableResult
    mutating func remove(_ fileID: String, for mimeType: String) -> Bool {
        var changed = false
        var section: String?
        var kept: [String] = []
        for line in lines {
            if let name = Self.sectionName(line) { section = name }
            guard section != nil, Self.key(of: line) == mimeType else {
                kept.append(line)
                continue
            }
            let values = Self.values(of: line)
            let remaining = values.filter { $0 != fileID }
            guard remaining.count != values.count else {
                kept.append(line)
                continue
            }
            changed = true
            if !remaining.isEmpty { kept.append(Self.line(mimeType, remaining)) }
        }
        lines = kept
        return changed
    }

    // MARK: Lines

    private func sectionHeader(_ name: String) -> Int? {
        lines.firstIndex { Self.sectionName($0) == name }
    }

    /// The index after the section's last key line (before trailing blank lines and the next header).
    private func sectionEnd(after header: Int) -> Int {
        var end = header + 1
        var index = header + 1
        while index < lines.count, Self.sectionName(lines[index]) == nil {
            if !lines[index].trimmingCharacters(in: .whitespaces).isEmpty { end = index + 1 }
            index += 1
        }
        return end
    }

    private func keyLine(_ key: String, in section: String) -> Int? {
        var current: String?
        for (index, line) in lines.enumerated() {
            if let name = Self.sectionName(line) {
                current = name
            } else if current == section, Self.key(of: line) == key {
                return index
            }
        }
        return nil
    }

    private static func sectionName(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("["), trimmed.hasSuffix("]"), trimmed.count >= 2 else { return nil }
        return String(trimmed.dropFirst().dropLast())
    }

    private static func key(of line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return nil }
        return trimmed[..<equals].trimmingCharacters(in: .whitespaces)
    }

    private static func values(of line: String) -> [String] {
        guard let equals = line.firstIndex(of: "=") else { return [] }
        return line[line.index(after: equals)...]
            .split(separator: ";")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    private static func line(_ key: String, _ values: [String]) -> String {
        "\(key)=" + values.map { $0 + ";" }.joined()
    }
}
