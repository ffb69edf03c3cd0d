import Foundation
import Testing

@testable import AuthflowListener

@Suite("Editing mimeapps.list")
struct MimeAppsListTests {
    @Test("Setting a default in an empty file creates the section")
    func emptyFile() {
        var list = MimeAppsList(text: "")
        list.setDefault("authflow-s.desktop", for: "x-scheme-handler/s")

        #expect(list.text == "[Default Applications]\nx-scheme-handler/s=authflow-s.desktop;\n")
    }

    @Test("An existing line gets the entry first and keeps the others; unrelated lines and comments stay as they were")
    func existingLine() {
        let original = """
            # mine
            [Added Associations]
            text/plain=gedit.desktop;

            [Default Applications]
            text/html=firefox.desktop;
            x-scheme-handler/s=other.desktop;authflow-s.desktop;

            """
        var list = MimeAppsList(text: original)
        list.setDefault("authflow-s.desktop", for: "x-scheme-handler/s")

        #expect(
            list.text
                == original.replacingOccurrences(
                    of: "x-scheme-handler/s=other.desktop;authflow-s.desktop;",
                    with: "x-scheme-handler/s=authflow-s.desktop;other.desktop;"))
        #expect(list.entries(for: "x-scheme-handler/s") == ["authflow-s.desktop", "other.desktop"])
    }

    @Test("A new key goes at the end of the existing section, before the next one")
    func newKeyInSection() {
        var list = MimeAppsList(
            text: "[Default Applications]\ntext/html=firefox.desktop;\n\n[Added Associations]\na/b=c.desktop;\n")
        list.setDefault("authflow-s.desktop", for: "x-scheme-handler/s")

        #expect(
            list.text == """
                [Default Applications]
                text/html=firefox.desktop;
                x-scheme-handler/s=authflow-s.desktop;

                [Added Associations]
                a/b=c.desktop;

                """)
    }

    @Test("Removing takes the entry out of every section and drops lines left empty")
    func remove() {
        var list = MimeAppsList(
            text: """
                [Default Applications]
                x-scheme-handler/s=authflow-s.desktop;
                text/html=firefox.desktop;
                [Added Associations]
                x-scheme-handler/s=authflow-s.desktop;other.desktop;

                """)
        let changed = list.remove("authflow-s.desktop", for: "x-scheme-handler/s")
        let again = list.remove("authflow-s.desktop", for: "x-scheme-handler/s")

        #expect(changed)
        #expect(!again)
        #expect(
            list.text == """
                [Default Applications]
                text/html=firefox.desktop;
                [Added Associations]
                x-scheme-handler/s=other.desktop;

                """)
    }
}
