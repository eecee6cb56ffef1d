# Build: the whole workspace, release profile.
FROM rust:1-slim-bookworm AS build
# make: the binary's allocator (jemalloc) is built from C sources.
RUN apt-get update \
 && apt-get install -y --no-install-recommends make \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN cargo build --release -p chowka-server --bin chowka \
 && strip target/release/chowka

# Run: a small Debian image, an unprivileged user, data in /data.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data chowka \
 && mkdir -p /data && chown chowka /data
COPY --from=build /src/target/release/chowka /usr/local/bin/chowka
USER chowka
WORKDIR /data
ENV CHOWKA_BIND=0.0.0.0:8080 \
    CHOWKA_DATA_DIR=/data
EXPOSE 8080
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
# SIGTERM (docker stop) shuts the server down gracefully.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/chowka"]
CMD ["serve"]
