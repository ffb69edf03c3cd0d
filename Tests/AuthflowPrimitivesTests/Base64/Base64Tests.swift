import AuthflowPrimitives
import Testing

struct Base64Tests {
    private func text(_ bytes: [UInt8]?) -> String? {
        bytes.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func encodesBothAlphabets() {
        let bytes: [UInt8] = [0xFB, 0xFF, 0xBF, 0x61]
        #expect(Base64.encode(bytes) == "+/+/YQ==")
        #expect(Base64.encode(bytes, alphabet: .url) == "-_-_YQ")
        #expect(Base64.encode([UInt8]()) == "")
        #expect(Base64.encode("any carnal pleas".utf8) == "YW55IGNhcm5hbCBwbGVhcw==")
    }

    @Test func strictDecodingTakesOneUnpaddedAlphabet() {
        #expect(Base64.decode("-_-_YQ", alphabet: .url) == [0xFB, 0xFF, 0xBF, 0x61])
        #expect(Base64.decode("+/+/YQ", alphabet: .url) == nil)
        #expect(Base64.decode("+/+/YQ", alphabet: .standard) == [0xFB, 0xFF, 0xBF, 0x61])
        #expect(Base64.decode("YQ==", alphabet: .url) == nil)
        #expect(Base64.decode("", alphabet: .url) == nil)
        #expect(Base64.decode("YWJjZ", alphabet: .url) == nil)
    }

    @Test func eitherAlphabetIgnoresPaddingAndRejectsTheRest() {
        #expect(Base64.decodeEitherAlphabet("-_+/YQ==") == [0xFB, 0xFF, 0xBF, 0x61])
        #expect(text(Base64.decodeEitherAlphabet("YW55=IGNhcm5hbA")) == "any carnal")
        #expect(Base64.decodeEitherAlphabet("YW 55") == nil)
    }

    @Test func lenientDecodingSkipsWhatItCannotReadAndRestartsAfterPadding() {
        #expect(text(Base64.decodeLeniently("YW55IGNh\r\ncm5hbCBw bGVhcw==")) == "any carnal pleas")
        #expect(text(Base64.decodeLeniently("YQ==Yg==")) == "ab")
        #expect(text(Base64.decodeLeniently("YWJjZ")) == "abc")
        #expect(Base64.decodeLeniently("-_-_") == [0xFB, 0xFF, 0xBF])
        #expect(Base64.decodeLeniently("***") == [])
    }

    @Test func urlAlphabetMembership() {
        #expect(Base64.isURLAlphabet(UInt8(ascii: "-")) && Base64.isURLAlphabet(UInt8(ascii: "_")))
        #expect(Base64.isURLAlphabet(UInt8(ascii: "z")) && Base64.isURLAlphabet(UInt8(ascii: "0")))
        #expect(!Base64.isURLAlphabet(UInt8(ascii: "+")) && !Base64.isURLAlphabet(UInt8(ascii: "=")))
    }
}
