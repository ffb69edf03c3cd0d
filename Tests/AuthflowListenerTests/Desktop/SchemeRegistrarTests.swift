import AuthflowListener
import AuthflowTestSupport
import Foundation
import Testing

/// Registration against the real `xdg-mime` (Debian's xdg-utils), in throwaway XDG directories.
@Suite("Registering custom schemes with the desktop")
struct SchemeRegistrarTests {
    @Test("Registering writes the entry (0644) and makes it the default that xdg-mime reports")
    func register() throws {
        let home = try TemporaryDirectory()
        let registrar = Self.registrar(home)

        let done = try registrar.register("App-1-2-Ios-3")
        let again = try registrar.register("app-1-2-ios-3")

        let text = try String(contentsOfFile: done.path, encoding: .utf8)
        let attributes = try FileManager.default.attributesOfItem(atPath: done.path)
        #expect(done.path == home.path + "/data/applications/authflow-app-1-2-ios-3.desktop")
        #expect(done.defaultSetBy == .xdgMime)
        #expect(done.isEffective)
        #expect(again.isEffective)
        #expect(text.contains("Exec=/opt/authflow handle-url %u\n"))
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        #expect(registrar.handler(for: "app-1-2-ios-3") == "authflow-app-1-2-ios-3.desktop")
        #expect(registrar.registeredSchemes() == ["app-1-2-ios-3"])
    }

    @Test("Unregistering removes the entry and its default, and leaves the user's other defaults alone")
    func unregister() throws {
        let home = try TemporaryDirectory()
        let registrar = Self.registrar(home)
        try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
        try "[Default Applications]\ntext/html=firefox.desktop;\n".write(
            toFile: home.path + "/config/mimeapps.list", atomically: true, encoding: .utf8)
        _ = try registrar.register("com.example.app")

        let done = try registrar.unregister("com.example.app")
        let nothing = try registrar.unregister("com.example.app")

        let list = try String(contentsOfFile: home.path + "/config/mimeapps.list", encoding: .utf8)
        #expect(done.removedEntry && done.removedDefault)
        #expect(!nothing.removedEntry && !nothing.removedDefault)
        #expect(!FileManager.default.fileExists(atPath: done.path))
        #expect(list.contains("text/html=firefox.desktop;"))
        #expect(!list.contains("com.example.app"))
        #expect(registrar.handler(for: "com.example.app") == nil)
    }

    @Test("Without xdg-mime, authflow edits mimeapps.list itself")
    func withoutXdgMime() throws {
        let home = try TemporaryDirectory()
        let registrar = Self.registrar(home, path: "/nonexistent")

        let done = try registrar.register("com.example.app")

        #expect(done.defaultSetBy == .mimeAppsList)
        #expect(done.isEffective)
        #expect(
            try String(contentsOfFile: home.path + "/config/mimeapps.list", encoding: .utf8)
                == "[Default Applications]\nx-scheme-handler/com.example.app=authflow-com.example.app.desktop;\n")
    }

    @Test("Refused: the browser's own schemes, non-schemes, and a same-named entry authflow did not write")
    func refusals() throws {
        let home = try TemporaryDirectory()
        let registrar = Self.registrar(home)
        try FileManager.default.createDirectory(
            atPath: home.path + "/data/applications", withIntermediateDirectories: true)
        let foreign = home.path + "/data/applications/authflow-mine.desktop"
        try "[Desktop Entry]\nExec=mine %u\n".write(toFile: foreign, atomically: true, encoding: .utf8)

        #expect(throws: SchemeRegistrationError.reservedScheme("https")) { try registrar.register("HTTPS") }
        #expect(throws: SchemeRegistrationError.invalidScheme("1abc")) { try registrar.register("1abc") }
        #expect(throws: SchemeRegistrationError.invalidScheme("")) { try registrar.entry(for: "") }
        #expect(throws: SchemeRegistrationError.invalidScheme("x\nExec=evil")) {
            try registrar.entry(for: "x\nExec=evil")
        }
        #expect(throws: SchemeRegistrationError.reservedScheme("http")) { try registrar.entry(for: "http") }
        #expect(throws: SchemeRegistrationError.foreignEntry(path: foreign)) { try registrar.register("mine") }
        #expect(throws: SchemeRegistrationError.foreignEntry(path: foreign)) { try registrar.unregister("mine") }
        #expect(FileManager.default.fileExists(atPath: foreign))
    }

    static func registrar(_ home: TemporaryDirectory, path: String = "/usr/bin:/bin") -> SchemeRegistrar {
        let directories = XDGDirectories(dataHome: home.path + "/data", configHome: home.path + "/config")
        let environment = [
            "PATH": path, "HOME": home.path, "XDG_DATA_HOME": directories.dataHome,
            "XDG_CONFIG_HOME": directories.configHome, "XDG_DATA_DIRS": home.path + "/system",
        ]
        return SchemeRegistrar(directories: directories, executable: "/opt/authflow", environment: environment)
    }
}
