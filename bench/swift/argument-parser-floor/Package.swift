// swift-tools-version:6.0
// The floor for `authflow handle-url URL`'s argument parsing (BENCHMARKS.md, issue 20's start-up round): a static
// program that imports only ArgumentParser, the checkout authflow builds with. Build it the way authflow ships:
//   swift build -c release --static-swift-stdlib --package-path bench/swift/argument-parser-floor
// (after authflow's own `swift build` has checked swift-argument-parser out under .build/checkouts).
import PackageDescription

let package = Package(
    name: "argument-parser-floor",
    dependencies: [.package(path: "../../../.build/checkouts/swift-argument-parser")],
    targets: [
        .executableTarget(
            name: "Floor", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")])
    ]
)
