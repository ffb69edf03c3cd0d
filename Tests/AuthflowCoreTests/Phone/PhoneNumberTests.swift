import AuthflowCore
import Foundation
import Testing

@Suite("Phone numbers: E.164 only, with a suggestion when the country is clear")
struct PhoneNumberTests {
    @Test(
        "E.164 numbers are accepted as given (surrounding whitespace aside)",
        arguments: ["+16505554567", " +447700900123\n", "+2901234"])
    func accepted(text: String) throws {
        let number = try PhoneNumber(validating: text)
        #expect(number.e164 == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(number.digits == String(number.e164.dropFirst()))
    }

    @Test(
        "Anything else is refused, with the E.164 spelling when one is clear",
        arguments: [
            ("650-555-3434", "+16505553434"), ("(650) 555-3434", "+16505553434"), ("1 650 555 3434", "+16505553434"),
            ("+1 650-555-3434", "+16505553434"), ("0044 7700 900123", "+447700900123"), ("16505553434", "+16505553434"),
        ])
    func suggested(text: String, suggestion: String) {
        #expect(throws: PhoneNumberError(given: text, suggestion: suggestion)) { try PhoneNumber(validating: text) }
    }

    @Test(
        "No suggestion when the country is anyone's guess or the text is not a number",
        arguments: ["07700 900123", "+1650CALLNOW", "", "+0123456789", "+1234567890123456", "12+34"])
    func noSuggestion(text: String) {
        #expect(throws: PhoneNumberError(given: text, suggestion: nil)) { try PhoneNumber(validating: text) }
    }

    @Test("The message says what E.164 is and what was probably meant")
    func message() {
        let error = PhoneNumberError(given: "650-555-3434", suggestion: "+16505553434")
        #expect(
            error.description
                == "\"650-555-3434\" is not a phone number in E.164 form (+, the country code, then the number, digits only). Did you mean +16505553434?"
        )
    }

    @Test("Stored numbers are decoded only when they are E.164")
    func decoding() throws {
        let decoded = try JSONDecoder().decode([PhoneNumber].self, from: Data(#"["+16505554567"]"#.utf8))
        #expect(decoded.first?.e164 == "+16505554567")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([PhoneNumber].self, from: Data(#"["6505554567"]"#.utf8))
        }
    }
}
