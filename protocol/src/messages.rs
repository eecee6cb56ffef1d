//! Wire messages between the server and its clients (docs/protocol.md).
