import AuthflowCore
import AuthflowLocalization

/// A flag given with nothing after it.
enum EmptyFlagWording {
    static func message(flag: String) -> String {
        localized("\(flag) was given an empty value: give it a value, or leave the flag out.")
    }
}

/// A password refused before it was sent.
enum PasswordWording {
    static func tooLong(limit: Int) -> String {
        localized(
            "Standard input holds more than \(limit) characters, longer than any Firebase password: pipe in only "
                + "the password. Nothing was sent.")
    }
}

/// `link inspect -` lines that hold no link.
enum LinkBatchWording {
    static let blankLine = "blank line"
}

/// An argument whose bytes are not text.
enum ArgumentWording {
    static func notUTF8(position: Int) -> String {
        localized(
            "Argument \(position) is not valid UTF-8 text (it was cut off or altered in transit, or typed in "
                + "another encoding): copy it again.")
    }
}
