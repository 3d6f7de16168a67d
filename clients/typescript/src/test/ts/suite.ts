// Every test file, in one process and in this order: the node restart in stream.test must not overlap
// the tests of the other files on the same node (node --test runs separate files in parallel, and
// --test-concurrency is not in Node 18).
import './operations.test.js';
import './node.test.js';
import './retry.test.js';
import './stream.test.js';
