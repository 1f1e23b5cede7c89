import Foundation
import Flux
import CommentsKit
import TerminalUI

/// `~` (issue 30) on a site of 100,000 comments holding a flood of 200 copies that vary a
/// word, a number and the domain:
/// - `nearDuplicates.tag_100k`: from the key to the flood tagged, as the user waits for
///   it (the scan of every text runs off the main actor, its answer is dispatched back);
/// - `nearDuplicates.main_actor_100k`: what of that runs on the main actor, the key's
///   dispatch and the answer's (the tags and the hint);
/// - `nearDuplicates.scan_100k`: the scan alone, for an ordinary comment of the seed (whose
///   sentences recur across the site, so many texts come close and are compared in full);
///   `nearDuplicates.scan_cpu_100k`: the processor time of its thread, which other work on
///   a shared machine does not lengthen.
@MainActor
enum NearDuplicatesBench {
    static let floodSize = 200

    static func run(data: [Comment], runs: Int) async -> [Measurement] {
        let tag = Bench.tag(data.count)
        let stores = LoadedStores(data + flood(after: data))
        guard let ui = stores.ui else { return [] }
        let site = LoadedStores.site
        stores.dispatcher.dispatch(UIAction.move(.top))
        guard let target = ui.selectedEntry, target.text.contains("pill") else {
            progress("nearDuplicates: the flood is not at the top of the list; skipped")
            return []
        }
        var waited: [Double] = [], onMainActor: [Double] = []
        for _ in 0..<runs {
            clearTags(stores)
            let start = nowNanos()
            stores.dispatcher.dispatch(UIAction.tagCloseText)
            let keyNanos = nowNanos() - start
            await until(ui) { $0.hint?.hasPrefix("Tagged") == true }
            waited.append(Double(nowNanos() - start) / 1e6)
            let tagged = ui.state.tags.ids(on: site).count
            precondition(tagged == floodSize, "nearDuplicates: \(tagged) tagged, not the \(floodSize) of the flood")
            // The answer's share: the same answer dispatched again, from untagged.
            let ids = Array(ui.state.tags.ids(on: site))
            clearTags(stores)
            let answer = nowNanos()
            stores.dispatcher.dispatch(UIAction.closeTextFound(site: site, id: target.id, ids: ids))
            onMainActor.append(Double(keyNanos + nowNanos() - answer) / 1e6)
        }
        let comments = stores.comments.state.comments(of: site)
        let ordinary = data.first { $0.contentHTML.count > 200 }.map { HTMLText.plainText(fromHTML: $0.contentHTML) } ?? target.text
        var closeToOrdinary = 0
        var cpu: [Double] = []
        let scan = timeRuns(runs: runs) {
            let start = threadCPUNanos()
            closeToOrdinary = NearDuplicates(closeTo: ordinary).ids(in: comments).count
            cpu.append(Double(threadCPUNanos() - start) / 1e6)
        }
        progress("nearDuplicates: the flood's \(floodSize) tagged; an ordinary comment is close to \(closeToOrdinary)")
        return [Measurement(name: "nearDuplicates.tag_\(tag)", unit: "ms", samples: waited),
                Measurement(name: "nearDuplicates.main_actor_\(tag)", unit: "ms", samples: onMainActor),
                Measurement(name: "nearDuplicates.scan_\(tag)", unit: "ms", samples: scan),
                Measurement(name: "nearDuplicates.scan_cpu_\(tag)", unit: "ms", samples: Array(cpu.suffix(runs)))]
    }

    /// The threshold's check on real comments: per file of the labelled corpus, how many
    /// pairs of comments are close — a spam comment and a real one
    /// (`nearDuplicates.mixed_pairs_<file>`, which must stay 0: `~ s y` on a flood would
    /// spam a real person), two spam comments (`spam_pairs`: the floods found), two real
    /// ones (`real_pairs`: the same meme written twice).
    static func quality(corpus directory: String) -> [Measurement] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".csv") }.sorted()
        var results: [Measurement] = []
        for file in files {
            guard let text = try? String(contentsOfFile: directory + "/" + file, encoding: .utf8) else { continue }
            let rows = LabelledComment.rows(fromCSV: text)
            let texts = rows.map { NearDuplicateText(HTMLText.plainText(fromHTML: $0.evidence.html)) }
            var mixed = 0, spam = 0, real = 0
            for first in texts.indices {
                for second in texts.indices where second > first && NearDuplicates.areClose(texts[first], texts[second]) {
                    switch (rows[first].isSpam, rows[second].isSpam) {
                    case (true, true): spam += 1
                    case (false, false): real += 1
                    default: mixed += 1
                    }
                }
            }
            let name = String(file.dropLast(4))
            progress("nearDuplicates \(name): \(mixed) spam–real pairs close, \(spam) spam pairs, \(real) real pairs")
            results += [Measurement(name: "nearDuplicates.mixed_pairs_\(name)", unit: "pairs", samples: [Double(mixed)]),
                        Measurement(name: "nearDuplicates.spam_pairs_\(name)", unit: "pairs", samples: [Double(spam)]),
                        Measurement(name: "nearDuplicates.real_pairs_\(name)", unit: "pairs", samples: [Double(real)])]
        }
        return results
    }

    /// Esc Esc: the tags cleared.
    private static func clearTags(_ stores: LoadedStores) {
        stores.dispatcher.dispatch(UIAction.close)
        stores.dispatcher.dispatch(UIAction.close)
    }

    /// The flood: top-level comments newer than every one of `data` (the top of the list),
    /// their words, numbers and domains varied.
    private static func flood(after data: [Comment]) -> [Comment] {
        let firstID = (data.map(\.id).max() ?? 0) + 1
        let newest = data.map(\.date).max() ?? MockData.now
        let post = data.first?.post ?? 1
        let openers = ["Cheap pills", "Cheap PILLS", "cheap pills!", "Cheap meds"]
        let domains = ["pillz.example", "pills.example", "meds-now.example", "pilz.example", "cheap-pills.example"]
        let verbs = ["order now", "order today", "buy now", "order now!!"]
        return (0..<floodSize).map { index in
            let text = "\(openers[index % openers.count]) at \(domains[index % domains.count]), offer \(index * 7 % 300), "
                + "\(verbs[index % verbs.count]) while stocks last"
            return Comment(id: firstID + index, post: post, authorName: "Pill Bot \(index)",
                           date: newest.addingTimeInterval(Double(index + 1)), contentHTML: "<p>\(text)</p>\n",
                           status: .hold, type: "comment")
        }
    }
}

/// The processor time the calling thread has used, in nanoseconds.
private func threadCPUNanos() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
