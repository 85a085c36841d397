// kiln-inspect: prints a compatible-mode Kiln message as JSON, without its C++ types.
//   kiln-inspect [FILE]     reads FILE, or standard input when FILE is "-" or absent
// Exit status: 0 printed, 1 the message is invalid (the error goes to stderr), 2 usage or I/O.
#include <cstdio>
#include <cstring>
#include <vector>

#include "kiln/inspect.hpp"

int main(int argc, char** argv) {
  if (argc > 2 ||
      (argc == 2 && (std::strcmp(argv[1], "-h") == 0 || std::strcmp(argv[1], "--help") == 0))) {
    std::fprintf(stderr, "usage: %s [FILE|-]\nPrints a compatible-mode Kiln message as JSON.\n",
                 argv[0]);
    return 2;
  }
  const bool use_stdin = argc < 2 || std::strcmp(argv[1], "-") == 0;
  std::FILE* in = use_stdin ? stdin : std::fopen(argv[1], "rb");
  if (!in) {
    std::perror(argv[1]);
    return 2;
  }
  std::vector<std::uint8_t> bytes;
  std::uint8_t buf[65536];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, in)) > 0;)
    bytes.insert(bytes.end(), buf, buf + n);
  const bool read_error = std::ferror(in);
  if (!use_stdin) std::fclose(in);
  if (read_error) {
    std::fprintf(stderr, "kiln-inspect: read error\n");
    return 2;
  }
  kiln::Result<std::string> json = kiln::inspect(bytes);
  if (!json) {
    std::fprintf(stderr, "kiln-inspect: %s\n", json.error().message().c_str());
    return 1;
  }
  std::fwrite(json->data(), 1, json->size(), stdout);
  std::fputc('\n', stdout);
  return 0;
}
