import AuthflowListener
import Testing

/// Page texts with values are translated through patterns; texts without a match keep their English.
@Suite("Callback page wording", .serialized)
struct CallbackPageWordingTests {
    static let one = "\u{1}1"
    static let two = "\u{1}2"

    @Test("A text holding values is translated with its values in place, in the translation's order")
    func patterns() {
        defer { CallbackPageWording.install([:]) }
        CallbackPageWording.install(
            ["Done": "완료"],
            patterns: [
                .init(
                    english: "Signed in with \(Self.one)", translation: "\(Self.one)(으)로 로그인했습니다",
                    placeholders: [Self.one]),
                .init(
                    english: "Moved \(Self.one) to \(Self.two).", translation: "\(Self.two)(으)로 \(Self.one) 이동",
                    placeholders: [Self.one, Self.two]),
            ])
        #expect(CallbackPageWording.text("Done") == "완료")
        #expect(CallbackPageWording.text("Signed in with github.com") == "github.com(으)로 로그인했습니다")
        #expect(CallbackPageWording.text("Moved a to b.") == "b(으)로 a 이동")
        #expect(CallbackPageWording.text("Signed in with ") == "Signed in with ", "an empty value is no match")
        #expect(CallbackPageWording.text("Moved a to b") == "Moved a to b", "the literal end must match")
        #expect(CallbackPageWording.text("Not found") == "Not found")
    }
}
