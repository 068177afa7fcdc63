// HLSL geometry shader: expands points to quads.
struct GSInput {
  float4 position : SV_Position;
  float size : PSIZE0;
};
struct GSOutput {
  float4 position : SV_Position;
  float2 uv : TEXCOORD0;
};

[maxvertexcount(4)]
void GSMain(point GSInput input[1], inout TriangleStream<GSOutput> stream) {
  const float2 corners[4] = { float2(-1, -1), float2(1, -1), float2(-1, 1), float2(1, 1) };
  for (int i = 0; i < 4; ++i) {
    GSOutput o;
    o.position = input[0].position + float4(corners[i] * input[0].size, 0, 0);
    o.uv = corners[i] * 0.5 + 0.5;
    stream.Append(o);
  }
}
