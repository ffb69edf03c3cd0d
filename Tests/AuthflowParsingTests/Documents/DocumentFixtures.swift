import Foundation

/// The hand-written documents under `Fixtures/Documents` and the links they are known to contain.
enum DocumentFixtures {
    static let actionLink =
        "https://authflow-demo.firebaseapp.com/__/auth/action?apiKey=AIzaSyD3mo-K3y0000000000000000000000000"
        + "&mode=signIn&oobCode=kV3xQ9mR2tLp8wZ1yB6nH4cJ0fA7sE5dG2uI9oK3vMqW"
        + "&continueUrl=https%3A%2F%2Fapp.authflow-demo.test%2Ffinish%3Fcart%3D42&lang=en"

    static let emulatorLink =
        "http://127.0.0.1:9099/emulator/action?mode=signIn&lang=en"
        + "&oobCode=Zt0pXcQm3nB8vK2rL5yW9sD1fG4hJ7aE6uI0oP3qR8tY2wX5zC1vB4nM7kL0&apiKey=fake-api-key"
        + "&continueUrl=http%3A%2F%2Flocalhost%3A8123%2Fcallback"

    struct MissingFixture: Error, CustomStringConvertible {
        var name: String
        var description: String { "Fixture Documents/\(name) is not in the test bundle." }
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/Documents")
        else { throw MissingFixture(name: name) }
        return try [UInt8](Data(contentsOf: url))
    }
}
