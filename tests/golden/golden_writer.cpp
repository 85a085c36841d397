// Writes the golden vectors (--write DIR) or checks that the files in DIR still match what the
// library produces (--check DIR). The checked-in files are the truth the tests compare against;
// rewrite them only for a deliberate format change.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

#include "golden_cases.hpp"
#include "value_cases.hpp"

namespace {

std::vector<std::uint8_t> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// One manifest entry: the file, its root type and every option that wrote it.
std::string manifest_entry(const kiln::workloads::GoldenCase& c) {
  auto flag = [](bool b) { return b ? "true" : "false"; };
  kiln::Codec codec = c.codec(c.options());
  std::ostringstream m;
  m << "    {\"file\": \"" << c.name << ".bin\", \"workload\": \"" << c.workload
    << "\", \"compress_numbers\": " << flag(c.compress)
    << ", \"track_references\": " << flag(c.track)
    << ", \"share_strings\": " << flag(c.share_strings)
    << ", \"compatible\": " << flag(c.compatible) << ", \"fingerprint\": " << flag(c.fingerprint)
    << ", \"header\": " << flag(c.header);
  if (!c.registry.empty()) m << ", \"registry\": " << c.registry;
  m << ", \"bytes\": " << c.encode(codec).size();
  if (!c.covers.empty()) m << ", \"covers\": \"" << c.covers << "\"";
  m << "}";
  return m.str();
}

// "streams": each framed stream and the vectors in its frames.
std::string streams_manifest(const std::vector<kiln::workloads::GoldenStream>& streams) {
  std::ostringstream m;
  m << ",\n  \"streams\": [\n";
  for (std::size_t i = 0; i < streams.size(); ++i) {
    m << "    {\"file\": \"" << streams[i].name << ".bin\", \"frames\": [";
    for (std::size_t f = 0; f < streams[i].frames.size(); ++f)
      m << (f ? ", " : "") << "\"" << streams[i].frames[f] << ".bin\"";
    m << "]}" << (i + 1 < streams.size() ? ",\n" : "\n");
  }
  m << "  ]";
  return m.str();
}

std::string manifest(const std::vector<kiln::workloads::GoldenCase>& cases) {
  std::ostringstream m;
  // The workloads' schema-consistent vectors under "vectors", their compatible-mode ones under
  // "compatible_vectors"; one vector per feature (golden_features.hpp) under "feature_vectors";
  // framed streams of vectors under "streams".
  m << "{\n  \"format_version\": 1";
  const char* sections[] = {"vectors", "compatible_vectors", "feature_vectors"};
  for (int section = 0; section < 3; ++section) {
    m << ",\n  \"" << sections[section] << "\": [\n";
    bool first = true;
    for (const auto& c : cases) {
      int in = !c.covers.empty() ? 2 : c.compatible ? 1 : 0;
      if (in != section) continue;
      m << (first ? "" : ",\n") << manifest_entry(c);
      first = false;
    }
    m << "\n  ]";
  }
  m << streams_manifest(kiln::workloads::golden_streams());
  m << "\n}\n";
  return m.str();
}

std::string value_manifest(const std::vector<kiln::workloads::ValueCase>& cases) {
  std::ostringstream m;
  m << "{\n  \"format_version\": 1,\n  \"root\": \"generic value\",\n  \"vectors\": [\n";
  for (std::size_t i = 0; i < cases.size(); ++i) {
    kiln::Codec codec({.track_references = cases[i].track_references});
    m << "    {\"file\": \"" << cases[i].name
      << ".bin\", \"track_references\": " << (cases[i].track_references ? "true" : "false")
      << ", \"bytes\": " << codec.serialize(cases[i].value).value().size() << "}"
      << (i + 1 < cases.size() ? "," : "") << "\n";
  }
  m << "  ]\n}\n";
  return m.str();
}

// Writes or checks one file; returns the number of mismatches (0 or 1).
int write_or_check(bool write, const std::string& path, const std::vector<std::uint8_t>& bytes) {
  if (write) {
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    std::printf("wrote %s (%zu bytes)\n", path.c_str(), bytes.size());
    return 0;
  }
  if (read_file(path) != bytes) {
    std::printf("MISMATCH %s: the library no longer writes the checked-in bytes\n", path.c_str());
    return 1;
  }
  std::printf("ok %s (%zu bytes)\n", path.c_str(), bytes.size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 || (std::strcmp(argv[1], "--write") != 0 && std::strcmp(argv[1], "--check") != 0)) {
    std::fprintf(stderr, "usage: %s --write|--check DIR\n", argv[0]);
    return 2;
  }
  bool write = std::strcmp(argv[1], "--write") == 0;
  std::string dir = argv[2];
  auto cases = kiln::workloads::golden_cases();
  int failures = 0;
  for (const auto& c : cases) {
    kiln::Codec codec = c.codec(c.options());
    auto bytes = c.encode(codec);
    std::string path = dir + "/" + c.name + ".bin";
    if (write) {
      std::ofstream(path, std::ios::binary)
          .write(reinterpret_cast<const char*>(bytes.data()),
                 static_cast<std::streamsize>(bytes.size()));
      std::printf("wrote %s (%zu bytes)\n", path.c_str(), bytes.size());
    } else if (read_file(path) != bytes) {
      std::printf("MISMATCH %s: the library no longer writes the checked-in bytes\n", path.c_str());
      ++failures;
    } else {
      std::printf("ok %s (%zu bytes)\n", path.c_str(), bytes.size());
    }
  }
  // Framed streams of those vectors (docs/FORMAT.md section 11).
  for (const auto& stream : kiln::workloads::golden_streams())
    failures += write_or_check(write, dir + "/" + stream.name + ".bin",
                               kiln::workloads::encode_stream(stream, cases));
  std::string m = manifest(cases);
  std::string mpath = dir + "/manifest.json";
  if (write) {
    std::ofstream(mpath) << m;
  } else {
    auto have = read_file(mpath);
    if (std::string(have.begin(), have.end()) != m) {
      std::printf("MISMATCH %s\n", mpath.c_str());
      ++failures;
    }
  }
  // Generic values (docs/FORMAT.md section 9), in DIR/value/.
  auto value_cases = kiln::workloads::value_cases();
  for (const auto& c : value_cases) {
    kiln::Codec codec({.track_references = c.track_references});
    failures +=
        write_or_check(write, dir + "/value/" + c.name + ".bin", codec.serialize(c.value).value());
  }
  std::string vm = value_manifest(value_cases);
  std::vector<std::uint8_t> vm_bytes(vm.begin(), vm.end());
  failures += write_or_check(write, dir + "/value/manifest.json", vm_bytes);
  return failures == 0 ? 0 : 1;
}
