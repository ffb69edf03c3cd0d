extension HTMLLinkExtractor {
    /// Cleans an attribute value the way the WHATWG URL parser does before parsing: leading and trailing C0 controls
    /// and spaces go, and so do tabs and line breaks anywhere (templates and mailers wrap long `href`s).
    enum URLCleaning {
        static func cleaned<Bytes: BidirectionalCollection<UInt8>>(_ value: Bytes) -> String {
            guard let first = value.firstIndex(where: { $0 > 0x20 }),
                let last = value.lastIndex(where: { $0 > 0x20 })
            else { return "" }
            let kept = value[first...last].filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            return String(decoding: kept, as: UTF8.self)
        }
    }
}
