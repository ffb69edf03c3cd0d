import AuthflowLocalization
import Testing

/// The message format's edge cases, and values interpolated into a message (no catalogue is activated here).
struct MessageFormatTests {
    @Test func formatEdgeCases() {
        #expect(LocalizedText.format("%d of %d", ["1", "2"]) == "1 of 2")
        #expect(LocalizedText.format("%1$d 분, %1$s", ["5"]) == "5 분, 5")
        #expect(LocalizedText.format("100%", ["x"]) == "100%")
        #expect(LocalizedText.format("%5 and %x", ["x"]) == "%5 and %x")
        #expect(LocalizedText.format("%0$s|%9$s|", ["x"]) == "||")
        #expect(LocalizedText.format("한국어 %s 끝", ["값"]) == "한국어 값 끝")
        #expect(LocalizedText.format("%%s", ["x"]) == "%s")
        #expect(LocalizedText.format("no marks", ["x"]) == "no marks")
    }

    private enum Unit: CustomStringConvertible {
        case minutes
        var description: String { "minutes" }
    }

    private struct Plain { let value = 3 }

    @Test func interpolatedValuesShowAsDescribed() {
        let count = 15
        let message: LocalizedText = "\(count) \(Unit.minutes), \(Plain()), \("text")"
        #expect(message.text == "15 minutes, Plain(value: 3), text")
    }
}
