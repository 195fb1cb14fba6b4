//! Serves the pages alone (no API, no games) to look at them while working on the client:
//! `cargo run -p site --example preview -- 127.0.0.1:8090`.

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::args().nth(1).unwrap_or_else(|| "127.0.0.1:8090".into());
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    println!("pages on http://{addr}/");
    axum::serve(listener, site::router(site::SiteSettings::example())).await
}
