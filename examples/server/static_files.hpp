// Files served under URL prefixes (`--static /prefix/=folder`): the page, its scripts and the
// kiln-sdk package, each with the strict Content-Security-Policy the page runs under.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kiln_server {

inline constexpr std::string_view kCsp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

class StaticFiles {
 public:
  void mount(std::string prefix, std::filesystem::path folder) {
    mounts_.emplace_back(std::move(prefix), std::move(folder));
  }

  struct File {
    std::string body;
    std::string_view content_type;
  };

  // The file for a URL path, or nothing (unknown prefix, missing file, or a path that tries to
  // leave its folder).
  std::optional<File> find(std::string_view target) const {
    const std::string_view path = target.substr(0, target.find('?'));
    if (path.find("..") != std::string_view::npos) return std::nullopt;
    for (const auto& [prefix, folder] : mounts_) {
      if (!path.starts_with(prefix)) continue;
      std::filesystem::path file = folder / std::string(path.substr(prefix.size()));
      if (path.ends_with('/')) file /= "index.html";
      std::ifstream in(file, std::ios::binary);
      if (!in) continue;
      return File{std::string(std::istreambuf_iterator<char>(in), {}), type_of(file)};
    }
    return std::nullopt;
  }

 private:
  static std::string_view type_of(const std::filesystem::path& file) {
    const std::string ext = file.extension().string();
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".mjs" || ext == ".js") return "text/javascript";
    if (ext == ".wasm") return "application/wasm";
    if (ext == ".json") return "application/json";
    return "application/octet-stream";
  }

  std::vector<std::pair<std::string, std::filesystem::path>> mounts_;
};

}  // namespace kiln_server
