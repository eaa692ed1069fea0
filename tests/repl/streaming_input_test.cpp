// Reading a script or a pipe statement by statement (repl/src/bounded_line_reader.hpp,
// run_lines): linear work, line numbers of the whole input, no length limit on the input, and a
// bounded, short refusal of a line beyond one statement's limit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <sstream>
#include <string>

#include "bounded_line_reader.hpp"
#include "captured_run.hpp"
#include "cas/core/context.hpp"
#include "evaluator.hpp"
#include "line_session.hpp"

namespace {

// A chunk source that makes `head`, `count` copies of `line`, then `tail`, on the fly, so that a
// test can read millions of lines without holding them; it hands out at most `chunk` bytes per
// call, as a pipe does.
struct generated_input {
  std::string head, line;
  std::size_t count;
  std::string tail;
  std::size_t chunk = 4096;
  std::size_t produced = 0;  // bytes

  char at(std::size_t i) const {
    if (i < head.size()) return head[i];
    i -= head.size();
    if (i < line.size() * count) return line[i % line.size()];
    return tail[i - line.size() * count];
  }

  std::ptrdiff_t operator()(char* buffer, std::size_t capacity, std::string&) {
    const std::size_t total = head.size() + line.size() * count + tail.size();
    const std::size_t n = std::min({capacity, chunk, total - produced});
    for (std::size_t i = 0; i < n; ++i) buffer[i] = at(produced++);
    return static_cast<std::ptrdiff_t>(n);
  }
};

using on2_test::run_result;

run_result run(on2::session& language, generated_input input, on2::line_options options = {}) {
  on2::bounded_line_reader reader(std::ref(input), on2::max_line_bytes(language));
  return on2_test::run_captured(language, reader, options);
}

// Each statement was parsed with all the lines before it in front (as newlines), so reading n
// lines cost n²/2 bytes of parsing and the 2^20-th line failed on the input limit.
TEST(StreamingInput, AStatementOnLineThreeMillionIsNumberedSo) {
  cas::context ctx;
  on2::session language(ctx);
  const run_result r = run(language, {"", "\n", 2999999, "1 + 1/0\n"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.rfind("<stdin>:3000000:7: error: Nim division by zero.\n", 0), 0u) << r.err;
  EXPECT_LE(language.parsed_bytes(), std::string("1 + 1/0\n").size());
}

TEST(StreamingInput, TwoToTheTwentyOneLinesRunAndEachByteIsParsedOnce) {
  cas::context ctx;
  on2::session language(ctx);
  const std::size_t lines = std::size_t{1} << 21;
  const run_result r = run(language, {"", "1;\n", lines, "%\n"});
  EXPECT_EQ(r.exit_code, 0) << r.err.substr(0, 500);
  EXPECT_EQ(r.out, "1\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(language.results().size(), lines + 1);
  EXPECT_EQ(language.parsed_bytes(), 3 * lines + 2);
}

// A 3 MB line is skipped, not buffered: its error quotes at most max_quoted_columns characters,
// and with keep_going the next line runs.
TEST(StreamingInput, AnOverlongLineGetsOneShortErrorAndTheNextLineRuns) {
  for (const bool keep_going : {false, true}) {
    cas::context ctx;
    on2::session language(ctx);
    const run_result r = run(language, {"", "1", 3000000, "\n2 * 2\n"}, {.keep_going = keep_going});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, keep_going ? "3\n" : "");
    EXPECT_EQ(r.err.rfind("<stdin>:1:1: error: The line is longer than 1048576 bytes", 0), 0u)
        << r.err.substr(0, 300);
    EXPECT_LT(r.err.size(), 1000u);
    EXPECT_TRUE(r.err.ends_with("(:help limits).\n")) << r.err.substr(0, 300);
    EXPECT_EQ(language.parsed_bytes(), keep_going ? std::string("2 * 2\n").size() : 0u);
  }
}

TEST(StreamingInput, TheReaderKeepsOnlyTheStartOfAnOverlongLine) {
  generated_input input{"", "ω", 1000000, "\nnext"};  // 2 MB of two-byte characters
  on2::bounded_line_reader reader(std::ref(input), 1000);
  std::string line;
  EXPECT_EQ(reader("", line), on2::line_status::too_long);
  EXPECT_LE(line.size(), on2::bounded_line_reader::kept_bytes_of_long_line);
  EXPECT_EQ(line.size() % 2, 0u);  // whole characters
  EXPECT_EQ(reader("", line), on2::line_status::read);
  EXPECT_EQ(line, "next");
  EXPECT_EQ(reader("", line), on2::line_status::end_of_input);
}

// A statement whose brackets stay open over many lines is refused once it passes the limit,
// without being buffered further; its lines are skipped up to where the brackets close, and
// reading goes on after it.
TEST(StreamingInput, AStatementOverManyLinesBeyondTheLimitIsRefused) {
  cas::context ctx;
  on2::session language(ctx);
  language.parse_limits().max_input_bytes = 1000;
  const run_result r = run(language, {"7\n(1 +\n", "1 +\n", 1000, "1)\n5\n"}, {.keep_going = true});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "7\n5\n");
  EXPECT_EQ(r.err.rfind("<stdin>:2:1: error: The statement that starts here is longer than 1000 "
                        "bytes",
                        0),
            0u)
      << r.err;
  EXPECT_LT(r.err.size(), 1000u);
  EXPECT_EQ(language.parsed_bytes(), 4u);  // "7\n" and "5\n"
}

}  // namespace

// An output buffer that counts its flushes and keeps what had been flushed at the last one.
class counting_buffer : public std::stringbuf {
 public:
  std::size_t flushes = 0;
  std::string flushed;

 protected:
  int sync() override {
    ++flushes;
    flushed = str();
    return 0;
  }
};

// A script of products writes its results without a flush per line (issue 19: a million flushes
// were a tenth of the time), but flushes before each read of more input, so the answer to what
// a pipe sent shows before on2 waits for the next line.
TEST(StreamingInput, ResultsAreFlushedBeforeEachReadNotPerLine) {
  cas::context ctx;
  on2::session language(ctx);
  counting_buffer buffer;
  std::ostream out(&buffer);
  std::ostringstream err;
  generated_input input{"", "2 * 3\n", 1000, ""};
  input.chunk = 1 << 20;  // all 1000 lines in one read
  on2::bounded_line_reader reader(std::ref(input), on2::max_line_bytes(language),
                                  [&out] { out.flush(); });
  EXPECT_EQ(on2::run_lines(language, std::ref(reader), out, err, {}), 0);
  EXPECT_EQ(err.str(), "");
  std::string expected;
  for (int i = 0; i < 1000; ++i) expected += "1\n";
  EXPECT_EQ(buffer.str(), expected);
  EXPECT_LE(buffer.flushes, 3u);  // before the first read, before the read that ends the input
  EXPECT_EQ(buffer.flushed, expected);

  // One line per read, as a pipe delivers them: before each read, every answer so far is out.
  cas::context ctx2;
  on2::session piped(ctx2);
  counting_buffer piped_buffer;
  std::ostream piped_out(&piped_buffer);
  std::size_t reads = 0;
  bool answered_before_each_read = true;
  generated_input questions{"", "2 * 3\n", 5, ""};
  questions.chunk = 6;
  on2::bounded_line_reader piped_reader(
      [&](char* to, std::size_t capacity, std::string& error) {
        answered_before_each_read &= piped_buffer.flushed.size() == 2 * reads;
        ++reads;
        return questions(to, capacity, error);
      },
      on2::max_line_bytes(piped), [&piped_out] { piped_out.flush(); });
  EXPECT_EQ(on2::run_lines(piped, std::ref(piped_reader), piped_out, err, {}), 0);
  EXPECT_EQ(reads, 6u);
  EXPECT_TRUE(answered_before_each_read);
}

// Quick statements that the reader already holds run in batches (run_lines' more_input_ready):
// the output, the errors with their lines and columns, the exit code and the result numbers are
// those of running them one at a time, with and without --keep-going, in chunks of any size.
TEST(StreamingInput, BatchesOfQuickStatementsBehaveAsSingleStatements) {
  const std::string head = "2 * 3\n7 + 1;\n12 ^ 2\r\n";
  const std::string tail = "5 / 0\n4 - 1\n%\nx = 2 * 3\nx\n\n  9\n:vars\n1 / 0\n6 * 7\n";
  for (const bool keep_going : {false, true}) {
    for (const std::size_t chunk : {std::size_t{7}, std::size_t{64}, std::size_t{1} << 20}) {
      std::string outputs[2], errors[2];
      int codes[2] = {0, 0};
      std::size_t results[2] = {0, 0};
      for (const bool batched : {false, true}) {
        cas::context ctx;
        on2::session language(ctx);
        generated_input input{head, "3 * 5\n", 2000, tail};
        input.chunk = chunk;
        on2::bounded_line_reader reader(std::ref(input), on2::max_line_bytes(language));
        std::ostringstream out, err;
        const on2::line_options options{.keep_going = keep_going, .source_name = "s.on2"};
        codes[batched] = batched ? on2::run_lines(language, std::ref(reader), out, err, options,
                                                  [&reader] { return reader.has_buffered_line(); })
                                 : on2::run_lines(language, std::ref(reader), out, err, options);
        outputs[batched] = out.str();
        errors[batched] = err.str();
        results[batched] = language.results().size();
      }
      EXPECT_EQ(outputs[1], outputs[0]) << keep_going << " " << chunk;
      EXPECT_EQ(errors[1], errors[0]) << keep_going << " " << chunk;
      EXPECT_EQ(codes[1], codes[0]);
      EXPECT_EQ(results[1], results[0]);
      EXPECT_NE(errors[0].find("s.on2:2004:5: error: Nim division by zero."), std::string::npos)
          << errors[0].substr(0, 300);
    }
  }
}
