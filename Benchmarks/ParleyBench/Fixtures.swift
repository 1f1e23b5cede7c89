import Foundation
import Flux
import CommentsKit
import MockREST
import TerminalUI

/// The comments of one mock site as the client would have them: the mock's own seeded
/// data (authors, threads, statuses, dates, text — hostile texts included), turned into
/// `Comment`s without the HTTP round trip, so a million of them take seconds, not hours.
enum MockData {
    /// The reference date of the mock's data: "now" for relative dates and the Date filters.
    static let now = MockConfiguration().referenceDate

    /// `count` comments of a mock site. With `idOffset`, ids (and parents) are shifted, so
    /// batches made with different seeds can go into one site.
    ///
    /// With `editContext`, each comment also has what a moderator's `context=edit` brings:
    /// its source, the author's e-mail, and an IP address and user agent (an author writes
    /// from one of three addresses here, as people do from home, work and phone).
    static func comments(count: Int, seed: UInt64 = 1, idOffset: Int = 0, editContext: Bool = false) -> [Comment] {
        let server = MockServer(MockConfiguration(seed: seed, siteCount: 1, commentsPerSite: count))
        guard let site = server.sites.first, let mock = server.comments(site: site.id) else { return [] }
        let root = site.root.absoluteString
        return mock.map { comment in
            let id = comment.id + idOffset
            var made = Comment(
                id: id, post: comment.post, parent: comment.parent == 0 ? 0 : comment.parent + idOffset,
                author: comment.author,
                authorName: comment.authorName, authorURL: comment.authorURL, date: comment.date,
                contentHTML: "<p>" + escape(comment.content) + "</p>\n",
                link: "\(root)/?p=\(comment.post)#comment-\(id)",
                status: CommentStatus(rawValue: comment.status.rawValue) ?? .approved, type: comment.type
            )
            if editContext {
                let author = comment.authorEmail.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
                made.contentRaw = comment.content
                made.authorEmail = comment.authorEmail
                made.authorIP = "10.\(author % 256).\(author / 256 % 256).\(id % 3 + 1)"
                made.authorUserAgent = ["Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
                                        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15",
                                        "WordPress/6.7; https://example.org"][Int(author % 3)]
            }
            return made
        }
    }

    /// What WordPress does to plain text before wrapping it in a paragraph (bytewise:
    /// the markup characters are ASCII).
    private static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\n"): out += Array("<br />\n".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The app's stores, wired as `parley` wires them, on a private dispatcher, with `count`
/// comments in the one site "site-1". No network: the comments come in one
/// ``CommentsImported`` action (what a page answer does, in one go).
@MainActor
final class LoadedStores {
    static let site: SiteID = "site-1"
    let dispatcher = Dispatcher()
    let comments: CommentsStore
    let filters: AnnotationFilterStore
    let visible: VisibleCommentsSelector
    /// The interface store, when asked for (the filter benchmarks leave it out to measure
    /// CommentsKit alone).
    let ui: UIStore?
    let count: Int
    /// How long the import dispatch took, in milliseconds.
    let importMilliseconds: Double

    convenience init(_ data: [Comment], withUI: Bool = true, width: Int = 200, height: Int = 60) {
        self.init(batches: [data].makeIterator(), withUI: withUI, width: width, height: height)
    }

    /// The stores, fed one ``CommentsImported`` action per batch (so the comments of a
    /// big site need not all exist twice, as decoded values and in the stores).
    /// With `cache`, the comments store keeps it as the app's does (nothing here reads it or
    /// writes to it: the memory benchmark writes the pages itself).
    /// With `scanner`, the filter store searches large sites with it (the filter benchmark
    /// passes one that asks a replica's index).
    init<Batches: IteratorProtocol<[Comment]>>(batches: Batches, withUI: Bool = true, width: Int = 200, height: Int = 60,
                                               cache: (any CommentsCache)? = nil, scanner: SearchScanner = .standard) {
        var batches = batches
        let now = MockData.now
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        // A real site entry, so the header names it; nothing here asks it for pages.
        let sites = (try? WordPressClient(restBase: URL(fileURLWithPath: "/bench/wp-json")))
            .map { [SiteConnection(id: Self.site, name: "Bench site", client: $0)] } ?? []
        comments = CommentsStore(sites: sites, dispatcher: dispatcher, cache: cache, now: { now })
        filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher, now: { now }, calendar: utc, scanner: scanner)
        visible = VisibleCommentsSelector(comments: comments, filters: filters, now: { now }, calendar: utc)
        if withUI {
            ui = UIStore(comments: comments, filters: filters, visible: visible, dispatcher: dispatcher)
            dispatcher.dispatch(UIAction.resize(width: width, height: height))
            dispatcher.dispatch(UIAction.showSite(Self.site))
        } else {
            ui = nil
            dispatcher.dispatch(FilterAction.showSite(Self.site))
        }
        var imported = 0
        var nanos: UInt64 = 0
        while let batch = batches.next() {
            imported += batch.count
            let start = nowNanos()
            dispatcher.dispatch(CommentsImported(site: Self.site, comments: batch))
            nanos += nowNanos() - start
        }
        count = imported
        importMilliseconds = Double(nanos) / 1e6
    }
}

/// The interface store over `comments`, wired as `parley` wires it (the filter store and
/// the visible list on the same dispatcher), laid out at 120×40 and showing `site`: what the
/// benchmarks that load through the REST path draw from.
@MainActor
func interfaceStore(over comments: CommentsStore, showing site: SiteID) -> UIStore {
    let filters = AnnotationFilterStore(comments: comments, dispatcher: comments.dispatcher)
    let visible = VisibleCommentsSelector(comments: comments, filters: filters)
    let ui = UIStore(comments: comments, filters: filters, visible: visible, dispatcher: comments.dispatcher)
    comments.dispatcher.dispatch(UIAction.resize(width: 120, height: 40))
    comments.dispatcher.dispatch(UIAction.showSite(site))
    return ui
}

/// Peak and current resident set size of this process, from /proc/self/status, in MB.
enum Memory {
    static func field(_ name: String) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
            return digits.map { $0 / 1024 }
        }
        return nil
    }
    static var peakMB: Double? { field("VmHWM") }
    static var currentMB: Double? { field("VmRSS") }
}

/// The subscription ``until(_:_:)`` ends once it has seen what it waited for.
private final class ReceiptBox { var receipt: Receipt? }

/// Waits for the first state of `store` (now or later) that satisfies `predicate`: how the
/// load, site-load, bulk and search benchmarks wait for the stores without polling.
@MainActor
func until<State, A>(_ store: FluxStore<State, A>, _ predicate: @escaping @MainActor (State) -> Bool) async {
    if predicate(store.state) { return }
    let box = ReceiptBox()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        box.receipt = store.subscribe { _, new in
            guard predicate(new), let receipt = box.receipt else { return }
            box.receipt = nil
            receipt.cancel()
            continuation.resume()
        }
    }
}
