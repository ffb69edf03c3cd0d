// swift-tools-version:6.0
//
// authflow: Firebase Authentication's browser-based sign-in flows on Linux.
//
// One module per layer, each in the folder of the same name under Sources/:
//   CCurl, CLibXML2, CMicroHTTPD  system libraries plus the C shims Swift needs
//   AuthflowHTTP                  async HTTP client (libcurl)
//   AuthflowParsing               URL, callback, HTML and MIME parsing (libxml2)
//   AuthflowListener              loopback HTTP server (libmicrohttpd)
//   AuthflowCore                  flows: decisions that combine the layers
//   AuthflowCLI                   the `authflow` command (swift-argument-parser)
import PackageDescription

let package = Package(
    name: "authflow",
    products: [
        .library(
            name: "Authflow",
            targets: ["AuthflowCore", "AuthflowParsing", "AuthflowHTTP", "AuthflowListener"]
        ),
        .executable(name: "authflow", targets: ["AuthflowCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),

        .target(name: "AuthflowHTTP", dependencies: ["CCurl"]),
        .target(name: "AuthflowParsing", dependencies: ["CLibXML2"]),
        .target(name: "AuthflowListener", dependencies: ["CMicroHTTPD"]),
        .target(
            name: "AuthflowCore",
            dependencies: ["AuthflowHTTP", "AuthflowParsing"]
        ),
        .executableTarget(
            name: "AuthflowCLI",
            dependencies: [
                "AuthflowCore",
                "AuthflowParsing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .target(
            name: "AuthflowTestSupport",
            dependencies: ["AuthflowListener"],
            path: "Tests/AuthflowTestSupport"
        ),
        .testTarget(
            name: "AuthflowHTTPTests",
            dependencies: ["AuthflowHTTP", "AuthflowListener", "AuthflowTestSupport"]
        ),
        .testTarget(
            name: "AuthflowListenerTests",
            dependencies: ["AuthflowListener", "AuthflowHTTP", "AuthflowTestSupport"]
        ),
        .testTarget(
            name: "AuthflowParsingTests",
            dependencies: ["AuthflowParsing", "AuthflowTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "AuthflowCoreTests",
            dependencies: ["AuthflowCore", "AuthflowListener", "AuthflowTestSupport"]
        ),
        .testTarget(
            name: "AuthflowCLITests",
            dependencies: ["AuthflowCLI", "AuthflowListener", "AuthflowTestSupport"]
        ),
    ]
)
