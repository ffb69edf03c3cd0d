// The baseline for authflow's start-up: a static Swift program that imports Foundation and parses a URL, built
// the way `make install` builds authflow (-O, static Swift runtime).
import Foundation

let url = URL(string: "https://example.com/callback?state=s&code=c")
if CommandLine.arguments.count > 5 { print(url as Any) }
