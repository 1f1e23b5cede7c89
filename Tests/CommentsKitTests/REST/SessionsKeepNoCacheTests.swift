import Testing
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MockREST
@testable import CommentsKit

/// The sessions keep no URL cache. A moderation client must see the site as it is now; and
/// on Linux, corelibs looks a task up in the cache on a background queue before its
/// URLProtocol exists, so a cancel landing then (a search's previous term, a page no longer
/// needed) can report a failure for a task already gone from the session's registry and trap
/// ("Trying to access a behaviour for a task that in not in the registry": CI, once, in the
/// whole suite; not reproduced here in 20,000 cancels with a cache).
@Suite struct SessionsKeepNoCacheTests {
    @Test func theMocksSessionKeepsNoCache() {
        #expect(MockServer(MockConfiguration(seed: 1, siteCount: 1, commentsPerSite: 1)).sessionConfiguration().urlCache == nil)
    }

    @Test func theClientsSessionKeepsNoCacheWhateverItIsGiven() {
        let session = WordPressClient.session(.default, timeout: .seconds(5))
        defer { session.invalidateAndCancel() }
        #expect(session.configuration.urlCache == nil)
        #expect(session.configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
    }
}
