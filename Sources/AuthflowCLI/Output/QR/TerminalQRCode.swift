/// A QR code drawn with Unicode half blocks, two modules per character cell vertically, inside a quiet zone of
/// four modules. In colour (a terminal), every cell is painted black on bright white whatever the terminal's
/// theme, so the code reads the same on dark and light backgrounds; without colour the glyphs alone draw dark
/// modules as ink.
enum TerminalQRCode {
    /// The quiet zone around the code, in modules (the QR standard's minimum).
    static let quietZone = 4

    /// The lines to print, without newlines.
    static func lines(_ matrix: QRMatrix, colour: Bool) -> [String] {
        let start = -quietZone
        let end = matrix.width + quietZone
        var lines: [String] = []
        for top in stride(from: start, to: end, by: 2) {
            var line = colour ? "\u{1B}[30;107m" : ""
            for column in start..<end {
                let upper = matrix.isDark(row: top, column: column)
                let lower = top + 1 < end && matrix.isDark(row: top + 1, column: column)
                let glyph =
                    switch (upper, lower) {
                    case (true, true): "\u{2588}"
                    case (true, false): "\u{2580}"
                    case (false, true): "\u{2584}"
                    case (false, false): " "
                    }
                line += glyph
            }
            lines.append(line + (colour ? "\u{1B}[0m" : ""))
        }
        return lines
    }
}
