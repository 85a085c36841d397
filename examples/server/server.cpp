// A C++ service that streams typed Kiln messages to browsers and Node, and reads their typed
// replies: Boost.Beast over HTTP (chunked streams, uploads) and WebSocket, one thread, C++20
// coroutines. examples/README.md shows how to run it; tests/examples/server.test.mjs drives it.
//   kiln_server [--port N] [--static /prefix/=folder ...] [--max-frame BYTES] [--batch BYTES]
// It listens on 127.0.0.1 only, prints the URL it listens on, and stops on SIGINT or SIGTERM.
#include <boost/json/src.hpp>  // Boost.JSON, header-only: compiled into this one file

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>

#include "asio.hpp"
#include "http_session.hpp"
#include "server.hpp"

namespace {

using namespace kiln_server;

awaitable<void> accept_loop(Server& server, tcp::acceptor& acceptor) {
  for (;;) {
    tcp::socket socket = co_await acceptor.async_accept(use_awaitable);
    net::co_spawn(acceptor.get_executor(), run_connection(server, std::move(socket)),
                  [&server](std::exception_ptr error) {
                    if (!error) return;
                    try {
                      std::rethrow_exception(error);
                    } catch (const std::exception& e) {
                      server.log(0, std::string("connection failed: ") + e.what());
                    }
                  });
  }
}

bool parse_args(int argc, char** argv, Server& server) {
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view flag = argv[i];
    const std::string value = argv[i + 1];
    if (flag == "--port") {
      server.config.port = static_cast<unsigned short>(std::stoul(value));
    } else if (flag == "--max-frame") {
      server.config.max_frame_bytes = std::stoul(value);
    } else if (flag == "--batch") {
      server.config.batch_bytes = std::stoul(value);
    } else if (flag == "--static" && value.find('=') != std::string::npos) {
      server.files.mount(value.substr(0, value.find('=')), value.substr(value.find('=') + 1));
    } else {
      return false;
    }
  }
  return argc % 2 == 1;
}

}  // namespace

int main(int argc, char** argv) {
  Server server;
  if (!parse_args(argc, argv, server)) {
    std::cerr << "usage: kiln_server [--port N] [--static /prefix/=folder ...] [--max-frame BYTES]"
                 " [--batch BYTES]\n";
    return 2;
  }
  net::io_context io(1);
  tcp::acceptor acceptor(io, {net::ip::make_address("127.0.0.1"), server.config.port});
  net::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&io](const boost::system::error_code&, int) { io.stop(); });
  net::co_spawn(io, accept_loop(server, acceptor), net::detached);
  std::cout << "kiln-server listening on http://127.0.0.1:" << acceptor.local_endpoint().port()
            << "/" << std::endl;
  io.run();
  std::cout << "kiln-server stopped after " << server.stats.connections << " connections"
            << std::endl;
  return EXIT_SUCCESS;
}
