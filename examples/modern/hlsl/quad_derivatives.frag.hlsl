// HLSL quad reads and derivatives in a pixel shader (SM 6.0 quad ops).
Texture2D<float4> Source : register(t0);
SamplerState Point : register(s0);

float4 main(float4 position : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
  float4 c = Source.Sample(Point, uv);
  float4 x = QuadReadAcrossX(c);
  float4 y = QuadReadAcrossY(c);
  float4 d = QuadReadAcrossDiagonal(c);
  float edge = length(ddx_fine(c)) + length(ddy_coarse(c));
  return (c + x + y + d) * 0.25 + edge;
}
