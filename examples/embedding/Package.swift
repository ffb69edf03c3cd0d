// swift-tools-version:6.0
//
// A program that signs in with an OAuth 2.0 provider through authflow's loopback authorization session (PKCE,
// state, redirect listener, browser launch) and nothing else: it depends on the authflow package and uses only its
// `AuthflowListener` library product (and `AuthflowPrimitives`, whose types it names), so it builds no REST
// client, no emulator, and needs neither libcurl nor libxml2 (libmicrohttpd only).
//
//   swift run --package-path examples/embedding redirect-listener-example --self-test
//
// Here the dependency is the enclosing checkout, by path; in your own package it is
//   .package(url: "https://example.com/authflow.git", from: "0.1.0"),  // authflow's repository URL
// with the same `.product(name: …, package: "authflow")` lines.
import PackageDescription

let package = Package(
    name: "authflow-embedding-example",
    dependencies: [.package(name: "authflow", path: "../..")],
    targets: [
        .executableTarget(
            name: "redirect-listener-example",
            dependencies: [
                .product(name: "AuthflowListener", package: "authflow"),
                .product(name: "AuthflowPrimitives", package: "authflow"),
            ],
            path: "RedirectListenerExample"
        )
    ]
)
