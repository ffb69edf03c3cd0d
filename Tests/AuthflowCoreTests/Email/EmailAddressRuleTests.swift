import AuthflowCore
import Testing

/// The rule itself: RFC 5322 dot-atom local parts of at most 64 bytes, LDH domain labels, no invisible or
/// control characters. Addresses Firebase accepts pass; each refusal names what is wrong.
@Suite("EmailAddressCheck: the rule")
struct EmailAddressRuleTests {
    @Test(
        "Addresses Firebase accepts pass",
        arguments: [
            "ada@example.com", "a.b+tag@x.co", "user@localhost", "o'brien@example.ie", "x_y-z@sub-1.example.com",
            "!#$%&'*+-/=?^_`{|}~@example.com", String(repeating: "a", count: 64) + "@example.com", "a@bücher.de",
            "A@EXAMPLE.COM", "1@2.3",
        ])
    func accepted(address: String) {
        #expect(EmailAddressCheck.problem(in: address) == nil)
    }

    static let refusals: [(String, EmailAddressProblem)] = [
        ("", EmailAddressProblem.empty),
        ("ada.example.com", .missingAt),
        ("a@@b.com", .moreThanOneAt),
        ("a@b.com,c@d.com", .moreThanOneAt),
        ("\"a@b\"@c.com", .moreThanOneAt),
        ("@b.com", .emptyLocalPart),
        (String(repeating: "a", count: 71) + "@b.com", .localPartTooLong(length: 71)),
        (String(repeating: "a", count: 65) + "@b.com", .localPartTooLong(length: 65)),
        ("<a@b.com>", .localPartCharacter("<")),
        ("Ada <a@b.com", .whitespaceOrControl),
        ("a,b@c.com", .localPartCharacter(",")),
        ("\"a\"@b.com", .localPartCharacter("\"")),
        ("ł€@example.com", .localPartCharacter("ł")),
        (".a@b.com", .misplacedDot),
        ("a.@b.com", .misplacedDot),
        ("a..b@c.com", .misplacedDot),
        ("a@", .badDomain),
        ("a@b..com", .badDomain),
        ("a@b.com.", .badDomain),
        ("a@b.com>", .domainCharacter(">")),
        ("a@b_c.com", .domainCharacter("_")),
        ("a@[127.0.0.1]", .domainCharacter("[")),
        ("a@-b.com", .domainLabelHyphen(label: "-b")),
        ("a@b-.com", .domainLabelHyphen(label: "b-")),
        (
            "a@" + String(repeating: "b", count: 64) + ".com",
            .domainLabelTooLong(label: String(repeating: "b", count: 64))
        ),
        ("a b@c.com", .whitespaceOrControl),
        ("a\u{85}b@c.com", .whitespaceOrControl),
        ("a\u{1B}b@c.com", .whitespaceOrControl),
        ("\u{202E}a@b.com", .invisibleCharacter("\u{202E}")),
        ("a\u{200B}@b.com", .invisibleCharacter("\u{200B}")),
        ("a@b\u{AD}c.com", .invisibleCharacter("\u{AD}")),
        ("a@" + String(repeating: "b.", count: 126) + "com", .tooLong),
    ]

    @Test("Each refusal names its problem")
    func refused() {
        for (address, problem) in Self.refusals {
            #expect(EmailAddressCheck.problem(in: address) == problem, "\(address.debugDescription)")
            #expect(throws: InvalidEmailAddress(address: address, problem: problem)) {
                try EmailAddressCheck.check(address)
            }
        }
    }
}
