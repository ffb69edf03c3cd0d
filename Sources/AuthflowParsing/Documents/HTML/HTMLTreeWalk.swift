import CLibXML2
import Glibc

extension HTMLLinkExtractor {
    /// Visits every node in document order with parent and sibling pointers instead of recursion, so that the depth
    /// of the document cannot exhaust the stack.
    static func collectLinks(in document: htmlDocPtr, into collector: inout ExtractedLink.Collector) {
        var node: xmlNodePtr? = document.pointee.children
        while let current = node, !collector.isFull {
            var descends = false
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                visitElement(current, into: &collector)
                descends =
                    !NodeName.matches(current.pointee.name, "script")
                    && !NodeName.matches(current.pointee.name, "style")
            case XML_TEXT_NODE:
                if let content = current.pointee.content {
                    TextLinkExtractor.collectLinks(in: NodeText.buffer(content), into: &collector)
                }
            default:
                break
            }
            if descends, let child = current.pointee.children {
                node = child
            } else {
                node = nextNode(after: current)
            }
        }
    }

    /// The next sibling of `node` or of its nearest ancestor that has one; `nil` at the end of the document.
    private static func nextNode(after node: xmlNodePtr) -> xmlNodePtr? {
        var cursor = node
        while true {
            if let next = cursor.pointee.next { return next }
            guard let parent = cursor.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
            cursor = parent
        }
    }

    private static func visitElement(_ element: xmlNodePtr, into collector: inout ExtractedLink.Collector) {
        let name = element.pointee.name
        if NodeName.matches(name, "a") {
            addTarget(of: element, source: .anchor, into: &collector)
        } else if NodeName.matches(name, "area") {
            addTarget(of: element, source: .area, into: &collector)
        } else if NodeName.matches(name, "meta"),
            let equivalent = NodeText.attribute("http-equiv", of: element),
            NodeName.matches(URLCleaning.cleaned(equivalent).utf8, "refresh"),
            let content = NodeText.attribute("content", of: element),
            let target = MetaRefresh.target(in: content)
        {
            collector.add(URLCleaning.cleaned(target), source: .metaRefresh)
        }
    }

    private static func addTarget(
        of element: xmlNodePtr, source: LinkSource, into collector: inout ExtractedLink.Collector
    ) {
        guard let href = NodeText.attribute("href", of: element) else { return }
        collector.add(URLCleaning.cleaned(href), source: source)
    }
}
