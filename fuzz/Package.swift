// swift-tools-version:5.4
//
// libFuzzer targets for authflow, kept out of the root package so a normal build never needs the fuzzer
// runtime. Build and run them with fuzz/run (see fuzz/README.md); each executable is one target.
//
// Tools version 5.4 on purpose: from 5.5 on, SwiftPM renames an executable's entry point and links `main` to
// it, which a fuzz target built with -parse-as-library lacks (libFuzzer supplies `main`). The sources are
// still compiled in the Swift 6 language mode.
import PackageDescription

let targets = ["FuzzURLUnwrap", "FuzzCallback", "FuzzDocuments", "FuzzListener"]

let package = Package(
    name: "authflow-fuzz",
    dependencies: [.package(name: "authflow", path: "..")],
    targets: targets.map { name in
        .executableTarget(name: name, dependencies: [.product(name: "AuthflowCore", package: "authflow")])
    },
    swiftLanguageVersions: [.version("6")]
)
