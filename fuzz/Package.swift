// swift-tools-version:5.4
//
// libFuzzer targets for authflow, kept out of the root package so a normal build never needs the fuzzer
// runtime. Build and run them with fuzz/run (see fuzz/README.md); each executable is one target.
//
// Tools version 5.4 on purpose: from 5.5 on, SwiftPM renames an executable's entry point and links `main` to
// it, which a fuzz target built with -parse-as-library lacks (libFuzzer supplies `main`). The sources are
// still compiled in the Swift 6 language mode.
import PackageDescription

// Each target and the library products (one per authflow module) of the modules it imports.
let targets: [(name: String, products: [String])] = [
    ("FuzzURLUnwrap", ["AuthflowParsing"]),
    ("FuzzCallback", ["AuthflowParsing"]),
    ("FuzzDocuments", ["AuthflowParsing"]),
    ("FuzzListener", ["AuthflowListener", "AuthflowPrimitives"]),
]

let package = Package(
    name: "authflow-fuzz",
    dependencies: [.package(name: "authflow", path: "..")],
    targets: targets.map { target in
        .executableTarget(
            name: target.name,
            dependencies: target.products.map { .product(name: $0, package: "authflow") }
        )
    },
    swiftLanguageVersions: [.version("6")]
)
