import Testing

@testable import AuthflowListener

@Suite("Desktop entries for custom schemes")
struct DesktopEntryTests {
    @Test(
        "The entry handles x-scheme-handler/SCHEME, runs handle-url with %u, stays out of menus and is marked as ours")
    func text() throws {
        let entry = try DesktopEntry(scheme: "App-1-2-IOS-3", executable: "/usr/bin/authflow")
        let lines = entry.text.split(separator: "\n").map(String.init)

        #expect(entry.fileID == "authflow-app-1-2-ios-3.desktop")
        #expect(lines.first == "[Desktop Entry]")
        #expect(lines.contains("Type=Application"))
        #expect(lines.contains("Exec=/usr/bin/authflow handle-url %u"))
        #expect(lines.contains("MimeType=x-scheme-handler/app-1-2-ios-3;"))
        #expect(lines.contains("NoDisplay=true"))
        #expect(DesktopEntry.ownedScheme(in: entry.text) == "app-1-2-ios-3")
        #expect(DesktopEntry.ownedScheme(in: "[Desktop Entry]\nExec=other %u\n") == nil)
    }

    @Test(
        "Exec arguments are quoted only when needed, with the specification's escapes",
        arguments: [
            ("/opt/authflow/bin/authflow", "/opt/authflow/bin/authflow"),
            ("/home/a b/authflow", #""/home/a b/authflow""#),
            ("/x/100%/authflow", "/x/100%%/authflow"),
            (#"/x/$HOME"q/a"#, #""/x/\\$HOME\\"q/a""#),
            (#"/x/back\slash"#, #""/x/back\\\\slash""#),
        ])
    func execQuoting(path: String, expected: String) {
        #expect(DesktopEntry.execArgument(path) == expected)
    }
}
