import Foundation
import Testing

@testable import AuthflowCLI

@Suite("Blank text without Foundation's trimming")
struct BlankTextTests {
    /// Every scalar of the Basic Multilingual Plane and the first supplementary one (the other planes hold no
    /// spaces or newlines).
    static var scalars: [Unicode.Scalar] {
        (0...0x1_FFFF).compactMap { Unicode.Scalar(UInt32($0)) }
    }

    @Test("A scalar is a space exactly when CharacterSet.whitespaces holds it, and with newlines likewise")
    func setsAreFoundations() {
        var spaces = 0
        for scalar in Self.scalars {
            let inSpaces = CharacterSet.whitespaces.contains(scalar)
            let inSpacesAndNewlines = CharacterSet.whitespacesAndNewlines.contains(scalar)
            #expect(BlankText.isSpace(scalar) == inSpaces, "U+\(String(scalar.value, radix: 16))")
            #expect(
                BlankText.isSpaceOrNewline(scalar) == inSpacesAndNewlines, "U+\(String(scalar.value, radix: 16))")
            if inSpaces { spaces += 1 }
        }
        #expect(spaces > 15)
    }

    @Test("Blank and trimmed text agree with trimmingCharacters(in:), combining marks and mixed text included")
    func textAgrees() {
        let texts = [
            "", " ", "\t", " \t ", "\n", " \n ", "\u{00A0}", "\u{3000}x\u{3000}", "\u{2028}", " \u{301}", " \u{301} ",
            " a ", "a", "\ta b\t", " é ", "\u{85}", "x\n", "\u{200B}", "\r\n", " 👍🏽 ",
        ]
        for text in texts {
            #expect(text.isBlank == text.trimmingCharacters(in: .whitespaces).isEmpty, "\(Array(text.unicodeScalars))")
            #expect(
                text.isBlankOrNewlines == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                "\(Array(text.unicodeScalars))")
            #expect(text.trimmingBlanks() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
            #expect(Substring(text).isBlank == text.isBlank)
        }
    }
}
