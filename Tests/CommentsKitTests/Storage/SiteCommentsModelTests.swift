import Foundation
import Testing
@testable import CommentsKit

/// A small seeded generator (a linear congruential one): the same seed, the same run.
private struct LCG {
    var s: UInt64
    mutating func next(_ n: Int) -> Int {
        s = s &* 6364136223846793005 &+ 1442695040888963407
        return Int((s >> 33) % UInt64(n))
    }
}

/// Random merges, local replies, edits, removals, replaced replies and diverging copies,
/// checked against a plain dictionary of entries: every field, the thread rows, the facts
/// and the search must agree, with the text compressed past a tiny threshold.
@Suite struct SiteCommentsModelTests {
    fileprivate static func makeComment(_ r: inout LCG, id: Int, maxID: Int) -> CommentsKit.Comment {
        let words = ["héllo", "zoë", "naïve", "plain", "text", "ASCII", "日本語", "emoji 😀", "x"]
        var html = "<p>"
        for _ in 0..<(1 + r.next(80)) { html += words[r.next(words.count)] + " " }
        html += "#\(r.next(1000))</p>"
        let links = ["https://e.org/p-\(r.next(5))/#comment-\(id)", "", "https://e.org/?c=\(id)", "#comment-\(id)", "https://e.org/#comment-\(id + 1)"]
        let types = ["comment", "pingback", "trackback", "t\(r.next(400))"]
        return CommentsKit.Comment(id: id, post: r.next(6), parent: r.next(3) == 0 ? 0 : r.next(maxID + 1),
                                   author: r.next(4), authorName: ["a", "Zoë", "b\(r.next(50))"][r.next(3)], authorURL: r.next(2) == 0 ? "" : "u\(r.next(3))",
                                   date: Date(timeIntervalSinceReferenceDate: Double(r.next(500)) * 30 + (r.next(4) == 0 ? 0.25 : 0)),
                                   contentHTML: html, contentRaw: r.next(3) == 0 ? "raw\(r.next(9))" : nil,
                                   link: links[r.next(links.count)], status: CommentStatus.allCases[r.next(4)], type: types[r.next(types.count)])
    }

    static func check(_ site: SiteComments, _ model: [Int: CommentEntry], step: Int, seed: UInt64) {
        #expect(site.count == model.count, "count step \(step) seed \(seed)")
        for (id, e) in model {
            let got = site[id]
            if got != e { Issue.record("entry \(id) differs step \(step) seed \(seed): \(String(describing: got)) vs \(e)"); return }
            guard let p = site.position(of: id), site.rows[p].id == id else { Issue.record("position \(id) step \(step)"); return }
        }
        #expect(Set(site.rows.map(\.id)) == Set(model.keys), "rows step \(step) seed \(seed)")
        #expect(site.rows.count == model.count)
        #expect(site.localCount == model.keys.filter { $0 < 0 }.count)
        #expect(Set(site.localEntries.map(\.id)) == Set(model.keys.filter { $0 < 0 }))
        #expect(site.facts.count == site.rows.count)
        // facts agree
        for (p, row) in site.rows.enumerated() {
            let e = model[row.id]!
            if site.facts.status[p] != RowFacts.statusIndex(e.status) { Issue.record("facts status \(row.id) step \(step)"); return }
            if site.facts.authors[Int(site.facts.author[p])] != e.authorName { Issue.record("facts author \(row.id) step \(step)"); return }
            if site.facts.posts[Int(site.facts.post[p])] != e.post { Issue.record("facts post \(row.id) step \(step)"); return }
            if site.facts.date[p] != RowFacts.seconds(e.date.timeIntervalSinceReferenceDate) { Issue.record("facts date \(row.id) step \(step)"); return }
            let f = site.facts.flags[p]
            if (f & RowFacts.isBeingDeleted != 0) != e.isBeingDeleted || (f & RowFacts.isTopLevel != 0) != (e.parent == 0) { Issue.record("facts flags \(row.id) step \(step)"); return }
        }
        // search
        for needle in ["zoë", "naive", "#1", "日本"] {
            let pattern = CommentSearch.Pattern(needle)!
            let m = site.rows(matching: pattern)
            for (p, row) in site.rows.enumerated() where m[p] != pattern.matches(model[row.id]!) {
                Issue.record("search \(needle) row \(row.id) step \(step) seed \(seed)"); return
            }
        }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func randomOperationsMatchAModel(seed: UInt64) {
        var r = LCG(s: seed)
        var site = SiteComments(textCompressionThreshold: 2000)
        var model: [Int: CommentEntry] = [:]
        var snapshots: [(SiteComments, [Int: CommentEntry])] = []
        var nextLocal = -1
        let maxID = 400
        for step in 0..<300 {
            switch r.next(10) {
            case 0, 1, 2:
                var page: [CommentsKit.Comment] = []
                for _ in 0..<(1 + r.next(40)) { page.append(Self.makeComment(&r, id: 1 + r.next(maxID), maxID: maxID)) }
                let keep = r.next(5) == 0 ? Set(model.keys.filter { _ in r.next(3) == 0 }) : []
                site.merge(page) { keep.contains($0) }
                for c in page where !keep.contains(c.id) {
                    if var e = model[c.id] { e.update(c); model[c.id] = e } else { model[c.id] = CommentEntry(c) }
                }
            case 3:
                let c = Self.makeComment(&r, id: nextLocal, maxID: maxID)
                nextLocal -= 1
                let e = CommentEntry(c, mark: .sending)
                site.insert(e); model[e.id] = e
            case 4:
                guard let id = model.keys.sorted().randomElementLCG(&r) else { continue }
                let what = r.next(6)
                let html = "<p>edited \(r.next(100)) zoë</p>"
                let parent = r.next(maxID)
                let body: (inout CommentEntry) -> Void = { e in
                    switch what {
                    case 0: e.setStatus(CommentStatus.allCases[(e.status == .approved ? 1 : 0)])
                    case 1: e.mark = e.mark == nil ? .updating : nil
                    case 2: e.isBeingDeleted.toggle()
                    case 3: e.setContent(html: html, raw: "edited")
                    case 4: e.setParent(parent)
                    default: e.contentRaw = nil
                    }
                }
                site.modify(id, body)
                var e = model[id]!; body(&e); model[id] = e
            case 5:
                guard let id = model.keys.sorted().randomElementLCG(&r) else { continue }
                site.remove(id)
                let parent = model[id]!.parent
                model[id] = nil
                for (cid, var c) in model where c.parent == id { c.setParent(parent); model[cid] = c }
            case 6:
                guard let local = model.keys.filter({ $0 < 0 }).sorted().randomElementLCG(&r) else { continue }
                let c = Self.makeComment(&r, id: 1 + r.next(maxID), maxID: maxID)
                site.replaceLocal(local, with: c)
                model[local] = nil
                if var e = model[c.id] { e.update(c); model[c.id] = e } else { model[c.id] = CommentEntry(c) }
            case 7:
                snapshots.append((site, model))
                if snapshots.count > 4 { snapshots.removeFirst() }
            case 8:
                // Diverge from a snapshot: continue the snapshot instead (the old current one kept too).
                if let s = snapshots.randomElementLCG(&r) {
                    let keepCurrent = (site, model)
                    site = s.0; model = s.1
                    snapshots.append(keepCurrent)
                    if snapshots.count > 4 { snapshots.removeFirst() }
                }
            default:
                let c = Self.makeComment(&r, id: 1 + r.next(maxID), maxID: maxID)
                var e = CommentEntry(c); e.mark = .updating
                site.insert(e); model[e.id] = e
            }
            if step % 60 == 0 || step == 299 {
                Self.check(site, model, step: step, seed: seed)
                for (i, s) in snapshots.enumerated() { Self.check(s.0, s.1, step: step * 100 + i, seed: seed) }
            }
        }
        #expect(site.textBytes.stored < site.textBytes.raw)
    }
}

extension Array {
    fileprivate func randomElementLCG(_ r: inout LCG) -> Element? { isEmpty ? nil : self[r.next(count)] }
}
