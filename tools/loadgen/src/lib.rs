//! The load and capacity tool behind the `loadgen` binary: how many rooms
//! one chowka server carries, set beside a bare fan-out server and a
//! Colyseus reference server, and what several nodes cost. It drives real
//! servers over real sockets with the end-to-end helpers of chowka_tests.
//!
//! # Layout
//! - `capacity`: `loadgen capacity` and `loadgen bare-server`
//!   (docs/capacity-tool.md).
//! - `colyseus`: the Colyseus reference server (colyseus/, npm) as a child
//!   process, and a client of its wire protocol.
//! - `load`: the crowd and idle-socket scenarios, and /proc readings.
//! - `nodes`: `loadgen nodes`, one node set beside three.

pub mod capacity;
pub mod colyseus;
pub mod load;
pub mod nodes;
