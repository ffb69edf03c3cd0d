import AuthflowCore
import AuthflowPrimitives
import Foundation
import Testing

@Suite struct IDTokenClaimsTests {
    /// An unsigned JWT (as the emulator issues) with `payload` as its claims.
    private func jwt(_ payload: String) -> String {
        Base64.encode(Array(#"{"alg":"none"}"#.utf8), alphabet: .url) + "."
            + Base64.encode(Array(payload.utf8), alphabet: .url) + "."
    }

    @Test("Every claim authflow shows is read from the payload, identities sorted, dates from seconds")
    func everyClaim() throws {
        let claims = try #require(
            IDTokenClaims(
                jwt: jwt(
                    """
                    {"iss":"https://securetoken.google.com/p","aud":"p","auth_time":1700000000,"user_id":"u1",
                     "sub":"ignored","exp":1700003600.5,"email":"ada@example.com","email_verified":true,
                     "phone_number":"+15555550100","name":"Ada",
                     "firebase":{"identities":{"phone":["+15555550100"],"email":["ada@example.com"]},
                                 "sign_in_provider":"password","sign_in_second_factor":"phone",
                                 "second_factor_identifier":"f1","tenant":"t1"}}
                    """)))
        #expect(claims.userID == "u1")
        #expect(claims.email == "ada@example.com")
        #expect(claims.emailVerified == true)
        #expect(claims.phoneNumber == "+15555550100")
        #expect(claims.name == "Ada")
        #expect(claims.signInProvider == "password")
        #expect(claims.identities == ["email", "phone"])
        #expect(claims.secondFactor == "phone")
        #expect(claims.secondFactorID == "f1")
        #expect(claims.tenantID == "t1")
        #expect(claims.expiresAt == Date(timeIntervalSince1970: 1_700_003_600.5))
        #expect(claims.authenticatedAt == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(claims.audience == "p")
        #expect(claims.issuer == "https://securetoken.google.com/p")
    }

    @Test("sub stands in for user_id, an audience list gives its first entry, absent claims are nil")
    func fallbacks() throws {
        let claims = try #require(IDTokenClaims(jwt: jwt(#"{"sub":"s1","aud":["a1","a2"],"email_verified":"yes"}"#)))
        #expect(claims.userID == "s1")
        #expect(claims.audience == "a1")
        #expect(claims.emailVerified == nil)
        #expect(claims.identities.isEmpty)
        #expect(claims.expiresAt == nil)
    }

    @Test("A token whose payload is not a JSON object is no token", arguments: ["[1]", "\"text\"", "{", ""])
    func notAnObject(payload: String) {
        #expect(IDTokenClaims(jwt: jwt(payload)) == nil)
    }
}
