// swift-tools-version:6.0
//
// authflow: Firebase Authentication's browser-based sign-in flows on Linux.
//
// One module per layer, each in the folder of the same name under Sources/:
//   CCurl, CLibXML2, CMicroHTTPD  system libraries plus the C shims Swift needs
//   CQREncode                     libqrencode (TOTP enrolment's QR code) behind a few plain functions
//   CProcessSpawn                 the GNU additions (posix_spawn, pipe2, renameat2) Swift's Glibc module leaves out
//   CSignalPipe                   signals caught by a plain C handler that writes to a pipe (no lost signal)
//   CSharedLibrary                opens the four C libraries above on first use (dlopen by soname)
//   CGettext                      glibc's gettext (libintl.h)
//   AuthflowPrimitives            one definition of each shared concept, no C library: URL splitting and query
//                                 parameters, percent coding, Base64, HTTP header fields, lines, system calls
//                                 retried on EINTR, and JSON: Codable for fixed shapes, the ordered `JSONValue`
//                                 with `JSONParser`/`JSONWriter` for open ones, never JSONSerialization
//   AuthflowLocalization          the language in force and the message catalogue (gettext)
//   AuthflowStorage               private state files: 0600 in 0700 directories, atomic, locked
//   AuthflowHTTP                  async HTTP client (libcurl)
//   AuthflowParsing               action links, callbacks, HTML and MIME parsing (libxml2)
//   AuthflowListener              loopback redirect listener (libmicrohttpd), custom-scheme handoff,
//                                 browser launch, the HTML pages it serves, and on top of them an OAuth
//                                 authorization session with PKCE for embedders (Authorization/)
//   AuthflowIdentityToolkit       the Identity Toolkit and secure-token REST API, one type per endpoint
//   AuthflowBackend               embedded Auth-Emulator-compatible backend for the demo and tests
//   AuthflowCore                  configuration, sessions and flows: decisions that combine the layers
//   AuthflowDemo                  `authflow demo`: the guided tour of every flow against the embedded backend
//   AuthflowCLI                   the `authflow` command (swift-argument-parser)
//
// One library product per layer, named after its module and listing that module alone: SwiftPM builds and links
// the modules it depends on, so an embedder gets only what the layer it names stands on. For example
//   AuthflowListener  the redirect listener, handoff, browser launch and the PKCE authorization session (with
//                     AuthflowStorage and AuthflowPrimitives): no REST client, no emulator, no libcurl, no libxml2
//   AuthflowCore      flows, configuration, sessions, and under them the REST client, HTTP, parsing, the listener
//   AuthflowBackend   the embedded emulator-compatible backend, for tests
// AuthflowDemo and AuthflowCLI are the command's own and have no library product. A client names the product of
// every module it imports:
//   .package(url: "https://example.com/authflow.git", from: "0.1.0"),  // this repository's URL, or .package(path:)
//   .product(name: "AuthflowListener", package: "authflow"),  // and "AuthflowPrimitives" if it imports that too
// examples/embedding is such a package, using the listener and primitives products alone.
import PackageDescription

let package = Package(
    name: "authflow",
    products: [
        .library(name: "AuthflowPrimitives", targets: ["AuthflowPrimitives"]),
        .library(name: "AuthflowLocalization", targets: ["AuthflowLocalization"]),
        .library(name: "AuthflowStorage", targets: ["AuthflowStorage"]),
        .library(name: "AuthflowHTTP", targets: ["AuthflowHTTP"]),
        .library(name: "AuthflowParsing", targets: ["AuthflowParsing"]),
        .library(name: "AuthflowListener", targets: ["AuthflowListener"]),
        .library(name: "AuthflowIdentityToolkit", targets: ["AuthflowIdentityToolkit"]),
        .library(name: "AuthflowBackend", targets: ["AuthflowBackend"]),
        .library(name: "AuthflowCore", targets: ["AuthflowCore"]),
        .executable(name: "authflow", targets: ["AuthflowCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),

        .systemLibrary(
            name: "CQREncode",
            providers: [.apt(["libqrencode-dev"])]
        ),

        .systemLibrary(name: "CProcessSpawn"),
        .target(name: "CSignalPipe"),

        // glibc's gettext (libintl.h), which the Glibc module leaves out; part of the C library, nothing linked.
        .systemLibrary(name: "CGettext"),

        // Opens libcurl, libxml2, libmicrohttpd and libqrencode on first use (dlopen by soname), so the four system
        // libraries above give headers only and the binary does not load them at exec.
        .target(name: "CSharedLibrary"),

        .target(name: "AuthflowPrimitives", dependencies: ["CSharedLibrary"]),
        // The language in force and the message catalogue (gettext), for every layer that speaks to a person.
        .target(name: "AuthflowLocalization", dependencies: ["CGettext", "AuthflowPrimitives"]),
        .target(name: "AuthflowStorage", dependencies: ["CProcessSpawn", "AuthflowPrimitives"]),
        .target(name: "AuthflowHTTP", dependencies: ["CCurl", "CSharedLibrary", "AuthflowPrimitives"]),
        .target(name: "AuthflowParsing", dependencies: ["CLibXML2", "CSharedLibrary", "AuthflowPrimitives"]),
        .target(
            name: "AuthflowListener",
            dependencies: [
                "CMicroHTTPD", "CProcessSpawn", "CSharedLibrary", "AuthflowPrimitives", "AuthflowStorage",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .target(name: "AuthflowIdentityToolkit", dependencies: ["AuthflowHTTP", "AuthflowPrimitives"]),
        .target(
            name: "AuthflowBackend",
            dependencies: [
                "AuthflowListener", "AuthflowParsing", "AuthflowPrimitives", "AuthflowHTTP", "AuthflowStorage",
            ]
        ),
        .target(
            name: "AuthflowCore",
            dependencies: [
                "AuthflowHTTP", "AuthflowParsing", "AuthflowIdentityToolkit", "AuthflowListener", "AuthflowStorage",
                "AuthflowPrimitives",
                "AuthflowLocalization",
            ]
        ),
        .target(
            name: "AuthflowDemo",
            dependencies: [
                "AuthflowBackend", "AuthflowHTTP", "AuthflowListener", "AuthflowPrimitives", "AuthflowStorage",
                "AuthflowLocalization",
            ]
        ),
        .executableTarget(
            name: "AuthflowCLI",
            dependencies: [
                "CSignalPipe",
                "AuthflowCore",
                "AuthflowDemo",
                "AuthflowListener",
                "AuthflowStorage",
                "AuthflowParsing",
                "AuthflowPrimitives",
                "AuthflowIdentityToolkit",
                "AuthflowBackend",
                "CQREncode",
                "CSharedLibrary",
                "AuthflowLocalization",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .executableTarget(
            name: "redirect-listener-example",
            dependencies: ["AuthflowListener", "AuthflowPrimitives"],
            path: "examples/embedding/RedirectListenerExample"
        ),

        .target(
            name: "AuthflowTestSupport",
            dependencies: [
                "AuthflowListener", "AuthflowBackend", "AuthflowCore", "AuthflowIdentityToolkit", "AuthflowPrimitives",
                "AuthflowStorage",
            ],
            path: "Tests/AuthflowTestSupport"
        ),
        .testTarget(name: "AuthflowPrimitivesTests", dependencies: ["AuthflowPrimitives"]),
        .testTarget(
            name: "AuthflowHTTPTests",
            dependencies: ["AuthflowHTTP", "AuthflowListener", "AuthflowPrimitives", "AuthflowTestSupport"]
        ),
        .testTarget(
            name: "AuthflowListenerTests",
            dependencies: [
                "AuthflowListener", "AuthflowHTTP", "AuthflowParsing", "AuthflowPrimitives", "AuthflowStorage",
                "AuthflowTestSupport",
            ]
        ),
        .testTarget(
            name: "AuthflowParsingTests",
            dependencies: ["AuthflowParsing", "AuthflowPrimitives", "AuthflowTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "AuthflowIdentityToolkitTests",
            dependencies: [
                "AuthflowIdentityToolkit", "AuthflowBackend", "AuthflowListener", "AuthflowPrimitives",
                "AuthflowTestSupport",
            ]
        ),
        .testTarget(
            name: "AuthflowBackendTests",
            dependencies: ["AuthflowBackend", "AuthflowHTTP", "AuthflowPrimitives", "AuthflowTestSupport"]
        ),
        .executableTarget(
            name: "StateWriterFixture",
            dependencies: ["AuthflowStorage"],
            path: "Tests/StateWriterFixture"
        ),
        .testTarget(
            name: "AuthflowCoreTests",
            dependencies: [
                "AuthflowCore", "AuthflowBackend", "AuthflowListener", "AuthflowPrimitives", "AuthflowStorage",
                "AuthflowTestSupport", "StateWriterFixture",
            ]
        ),
        .testTarget(
            name: "AuthflowCLITests",
            dependencies: [
                "AuthflowCLI", "AuthflowCore", "AuthflowBackend", "AuthflowDemo", "AuthflowListener",
                "AuthflowPrimitives", "AuthflowStorage", "AuthflowTestSupport", "redirect-listener-example",
                "AuthflowLocalization",
            ]
        ),
    ]
)

// Every Swift target opts into `ExistentialAny`, so an existential is always spelled `any P`.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
