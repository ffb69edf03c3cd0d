import AuthflowTestSupport
import Foundation
import Testing

@testable import AuthflowCLI

/// The QR code as the terminal shows it, read back glyph by glyph into modules, written as a PNG and decoded by
/// a real decoder (zbarimg): what a phone's camera would read off the screen.
@Suite("Terminal QR code and PNG")
struct TerminalQRCodeTests {
    static let uri =
        "otpauth://totp/demo-authflow:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
        + "&issuer=demo-authflow&algorithm=SHA1&digits=6"

    /// The modules the half-block lines draw (quiet zone included), row by row.
    static func modules(from lines: [String]) -> [[Bool]] {
        var rows: [[Bool]] = []
        for line in lines {
            var upper: [Bool] = []
            var lower: [Bool] = []
            for glyph in line {
                switch glyph {
                case "\u{2588}":
                    upper.append(true)
                    lower.append(true)
                case "\u{2580}":
                    upper.append(true)
                    lower.append(false)
                case "\u{2584}":
                    upper.append(false)
                    lower.append(true)
                default:
                    upper.append(false)
                    lower.append(false)
                }
            }
            rows.append(upper)
            rows.append(lower)
        }
        return rows
    }

    @Test(
        "The plain half-block drawing decodes with zbarimg to the same URI; every line is as wide as the code plus the quiet zone"
    )
    func terminalDrawingDecodes() async throws {
        let matrix = try QRMatrix(encoding: Self.uri)
        let lines = TerminalQRCode.lines(matrix, colour: false)
        let side = matrix.width + 2 * TerminalQRCode.quietZone
        #expect(lines.allSatisfy { $0.count == side })
        #expect(lines.count == (side + 1) / 2)
        #expect(lines.first?.allSatisfy { $0 == " " } == true, "the quiet zone is light")

        let drawn = Self.modules(from: lines)
        let inner = QRMatrix(rebuilding: drawn, quietZone: TerminalQRCode.quietZone, width: matrix.width)
        #expect(inner == matrix, "the glyphs carry every module")
        let directory = try TemporaryDirectory()
        let path = directory.file("terminal.png")
        try Data(PNGImage.qrCode(inner, scale: 4)).write(to: URL(fileURLWithPath: path))
        let decoded = try await Subprocess.run("zbarimg", arguments: ["--raw", "-q", path])
        #expect(decoded.exitCode == 0, "\(decoded.stderrText)")
        #expect(decoded.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == Self.uri)
    }

    @Test("In colour every line is black on bright white, the same on dark and light themes, and reset at its end")
    func colour() throws {
        let matrix = try QRMatrix(encoding: "hello")
        let coloured = TerminalQRCode.lines(matrix, colour: true)
        let plain = TerminalQRCode.lines(matrix, colour: false)
        for (line, bare) in zip(coloured, plain) {
            #expect(line == "\u{1B}[30;107m" + bare + "\u{1B}[0m")
        }
    }

    @Test("PNG: signature, IHDR, CRC-32 and Adler-32 check values")
    func pngPieces() {
        #expect(PNGImage.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNGImage.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        let stored = PNGImage.zlibStored([UInt8](repeating: 7, count: 70_000))
        #expect(stored.count == 2 + (5 + 65_535) + (5 + 4_465) + 4, "two stored blocks")
        #expect(stored[2] == 0 && stored[2 + 5 + 65_535] == 1, "only the last block is final")
    }
}

extension QRMatrix {
    /// The matrix inside `rows` (which include a quiet zone of `quietZone` modules), for tests.
    init(rebuilding rows: [[Bool]], quietZone: Int, width: Int) {
        self.init(
            width: width,
            modules: (0..<width * width).map { index in
                rows[index / width + quietZone][index % width + quietZone]
            })
    }
}
