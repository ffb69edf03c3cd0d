import AuthflowParsing
import Testing

/// The ActionCodeURL vectors of protocol reference §12.1.
struct ActionCodeURLTests {
    let finish = "https://www.example.com/finishSignIn"

    @Test func parsesEveryField() throws {
        let link =
            finish + "?oobCode=CODE&mode=signIn&apiKey=API_KEY&continueUrl=https%3A%2F%2Fwww.example.com"
            + "%2Fpath%2Fto%2Ffile%3Fa%3D1%26b%3D2%23c%3D3&lang=en&tenantId=TENANT_ID&state=bla"
        let action = try #require(ActionCodeURL(link))
        #expect(action.mode == .signIn)
        #expect(action.mode.requestType == "EMAIL_SIGNIN")
        #expect(action.oobCode == "CODE")
        #expect(action.apiKey == "API_KEY")
        #expect(action.continueURL == "https://www.example.com/path/to/file?a=1&b=2#c=3")
        #expect(action.tenantID == "TENANT_ID")
        #expect(action.languageCode == "en")
    }

    @Test(arguments: [
        ("signIn", "EMAIL_SIGNIN"), ("resetPassword", "PASSWORD_RESET"), ("verifyEmail", "VERIFY_EMAIL"),
        ("verifyAndChangeEmail", "VERIFY_AND_CHANGE_EMAIL"), ("recoverEmail", "RECOVER_EMAIL"),
        ("revertSecondFactorAddition", "REVERT_SECOND_FACTOR_ADDITION"),
    ])
    func mapsEveryMode(mode: String, requestType: String) throws {
        let action = try #require(ActionCodeURL(finish + "?oobCode=CODE&mode=\(mode)&apiKey=API_KEY&lang=en"))
        #expect(action.mode.requestType == requestType)
    }

    @Test func optionalFieldsAreNil() throws {
        let action = try #require(
            ActionCodeURL(
                "https://www.example.com:8080/finishSignIn?oobCode=CODE&mode=signIn&apiKey=API_KEY&state=bla"))
        #expect(action.oobCode == "CODE")
        #expect(action.continueURL == nil)
        #expect(action.tenantID == nil)
        #expect(action.languageCode == nil)
    }

    @Test func fragmentIsIgnored() throws {
        let action = try #require(
            ActionCodeURL(
                finish
                    + "?oobCode=CODE1&mode=signIn&apiKey=API_KEY1&state=bla#oobCode=CODE2&mode=signIn&apiKey=API_KEY2&state=bla"
            ))
        #expect(action.oobCode == "CODE1")
        #expect(action.apiKey == "API_KEY1")
    }

    @Test(arguments: [
        "https://www.example.com/finishSignIn",
        "https://www.example.com/finishSignIn?oobCode=CODE&mode=INVALID_MODE&apiKey=API_KEY",
        "https://www.example.com/finishSignIn?mode=signIn&apiKey=API_KEY",
        "https://www.example.com/finishSignIn?oobCode=CODE&mode=signIn",
        "https://www.example.com/finishSignIn?oobCode=CODE&apiKey=API_KEY",
        "invalid_url",
        "https://www.example.com",
        "",
    ])
    func rejectsIncompleteLinks(link: String) {
        #expect(ActionCodeURL(link) == nil)
    }

    @Test func legacyLanguageCodeIsIgnored() throws {
        let action = try #require(ActionCodeURL(finish + "?oobCode=CODE&mode=signIn&apiKey=K&languageCode=en"))
        #expect(action.languageCode == nil)
    }

    @Test func iOSActionCodeURLVectors() throws {
        let reset = try #require(
            ActionCodeURL("https://www.example.com?apiKey=API_KEY&mode=resetPassword&oobCode=OOB_CODE"))
        #expect(reset.mode == .resetPassword)
        #expect(reset.oobCode == "OOB_CODE")
        let full = try #require(
            ActionCodeURL(
                "https://www.example.com?apiKey=API_KEY&mode=resetPassword&oobCode=OOB_CODE"
                    + "&continueUrl=https://www.continue.com&lang=en&foo"))
        #expect(full.continueURL == "https://www.continue.com")
        #expect(full.languageCode == "en")
        #expect(ActionCodeURL("https://www.example.com?apiKey=API_KEY&mode=invalidMode&oobCode=OOB_CODE") == nil)
    }

    @Test func plusIsKeptAndLastDuplicateWins() throws {
        let action = try #require(ActionCodeURL(finish + "?oobCode=A+B&oobCode=C+D&mode=signIn&apiKey=K"))
        #expect(action.oobCode == "C+D")
    }

    @Test func emulatorLink() throws {
        let action = try #require(
            ActionCodeURL(
                "http://127.0.0.1:9099/emulator/action?mode=signIn&lang=en"
                    + "&oobCode=XyZ_123-abc&apiKey=fake-api-key&continueUrl=https%3A%2F%2Fexample.com"))
        #expect(action.mode == .signIn)
        #expect(action.oobCode == "XyZ_123-abc")
        #expect(action.apiKey == "fake-api-key")
        #expect(action.continueURL == "https://example.com")
    }

    @Test func continueURLLandingFromTheEmulator() throws {
        let action = try #require(
            ActionCodeURL(
                "https://example.com/?mode=signIn&lang=en&oobCode=CODE&apiKey=fake-api-key&tenantId=t-1"))
        #expect(action.isSignIn)
        #expect(action.tenantID == "t-1")
    }
}
