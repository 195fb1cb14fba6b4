//! Serves the pages alone (no API, no games) to look at them while working on the client:
//! `cargo run -p site --example preview -- 127.0.0.1:8090`.

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::args().nth(1).unwrap_or_else(|| "127.0.0.1:8090".into());
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    let public_url = site::PublicUrl::from_addr(listener.local_addr()?);
    println!("pages on {public_url}/");
    let settings = site::SiteSettings { public_url, ..site::SiteSettings::example() };
    axum::serve(listener, site::router(settings, std::sync::Arc::new(site::NoBackend))).await
}
