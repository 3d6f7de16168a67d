/** The product's vocabulary without I/O: boards, periods, orders, score and tie codecs, names and the one exception family. */
package dev.leaderboard.core;
